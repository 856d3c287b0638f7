import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
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

  return (
    <Menu position="bottom-end" width={220} withArrow shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="User menu">
          <Avatar color="blue" radius="xl">
            {initialsOf(user?.name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user?.name ?? 'Unknown User'}</Menu.Label>
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => navigate('/settings')}>
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
