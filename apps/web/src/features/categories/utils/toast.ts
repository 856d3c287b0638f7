import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';

export function toastSuccess(message: string): void {
  notifications.show({ title: 'Success', message, color: 'green' });
}

export function toastError(message: string): void {
  notifications.show({ title: 'Error', message, color: 'red' });
}

/**
 * A red toast when a list fails to load. One id per message, so a refetch that fails again updates
 * the toast on screen instead of stacking another.
 */
export function useFetchErrorToast(error: unknown, message: string): void {
  useEffect(() => {
    if (error) notifications.show({ id: message, title: 'Error', message, color: 'red' });
  }, [error, message]);
}
