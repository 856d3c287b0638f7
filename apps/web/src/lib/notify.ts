import { notifications } from '@mantine/notifications';

export function notifySuccess(message: string, title = 'Success'): void {
  notifications.show({ title, message, color: 'green' });
}

export function notifyError(message: string, title = 'Error', id?: string): void {
  notifications.show({ id, title, message, color: 'red' });
}
