import { type NotificationData, notifications } from '@mantine/notifications';

type NotificationPosition = NonNullable<NotificationData['position']>;

let position: NotificationPosition = 'top-right';

/**
 * Where new toasts go (app/app-notifications.tsx sets it per screen). Each toast keeps the place it was
 * shown in: moving the stack when the screen changes would show a toast twice while it slides over.
 */
export function setToastPosition(next: NotificationPosition): void {
  position = next;
}

/** Every toast of the app: at the current screen's place. */
export function showToast(data: NotificationData): void {
  notifications.show({ position, ...data });
}

export function notifySuccess(message: string, title = 'Success'): void {
  showToast({ title, message, color: 'green' });
}

export function notifyError(message: string, title = 'Error', id?: string): void {
  showToast({ id, title, message, color: 'red' });
}
