import { Avatar, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PopupMenu } from '../../components/popups/deferred';
import { useSessionUser } from '../../lib/session-store';
import { useSignOut } from '../use-sign-out';

/** Up to two initials of the user's name, or '??' when there is no name. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '??';
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

export function UserMenu() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const initials = initialsOf(user?.name);

  return (
    <PopupMenu
      position="bottom-end"
      width={220}
      withArrow
      shadow="md"
      target={
        // The name starts with the initials it shows (WCAG 2.5.3, label in name).
        <UnstyledButton aria-label={`${initials} user menu`}>
          <Avatar color="blue" radius="xl">
            {initials}
          </Avatar>
        </UnstyledButton>
      }
    >
      {(Menu) => (
        <>
          <Menu.Label>{user?.name ?? 'Unknown User'}</Menu.Label>
          <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => navigate('/settings')}>
            Settings
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
            Logout
          </Menu.Item>
        </>
      )}
    </PopupMenu>
  );
}
