// Mantine's toast stack in a chunk of its own, loaded with the first toast (app-notifications.tsx).
export { Notifications as ToastStack } from '@mantine/notifications';
