import { AppShell, Burger, Group, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { canManageBranches, userCan } from '@pos/shared';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ScreenLoader } from '../../components/screen-loader';
import { SelectionContext } from '../../lib/selection-context';
import { useSelectionStore } from '../../lib/selection-store';
import { useSessionUser } from '../../lib/session-store';
import { BranchPicker } from './branch-picker';
import { CompanyPicker } from './company-picker';
import { NAV_LINKS } from './nav-links';
import { useSelectionSync } from './use-selection-sync';
import { UserMenu } from './user-menu';

export const HEADER_HEIGHT = 60;
export const NAVBAR_WIDTH = 300;
/** Below this width a nav link click closes the navigation (Mantine's sm breakpoint, 48em). */
export const NAV_CLOSE_MAX_WIDTH = 768;

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const user = useSessionUser();
  const { pathname } = useLocation();
  const selection = useSelectionSync();
  const companyId = useSelectionStore((s) => s.companyId);
  // The pickers live in the header on wide screens and at the top of the navigation on narrow ones.
  const isNarrow = useMediaQuery(`(max-width: ${NAV_CLOSE_MAX_WIDTH - 0.02}px)`) ?? false;
  const pickers = (
    <>
      <CompanyPicker companyId={selection.company?.id ?? companyId} />
      <BranchPicker branches={selection.branches} branchId={selection.branch?.id ?? null} />
    </>
  );
  const links = NAV_LINKS.filter(
    (link) =>
      (!link.requiresBranchAdmin || canManageBranches(user)) && (!link.permission || userCan(user, link.permission)),
  );

  const onNavigate = () => {
    if (window.innerWidth < NAV_CLOSE_MAX_WIDTH) close();
  };

  return (
    <SelectionContext.Provider value={selection}>
      <a href="#main-content" className="skip-link">
        Skip to main content
      </a>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
              <UnstyledButton component={Link} to="/dashboard" onClick={onNavigate}>
                <Text fw={700} size="lg" c="blue.7" style={{ whiteSpace: 'nowrap' }}>
                  POS System
                </Text>
              </UnstyledButton>
            </Group>
            <Group gap="sm" wrap="nowrap">
              {isNarrow ? null : (
                <Group gap="md" wrap="nowrap">
                  {pickers}
                </Group>
              )}
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="sm">
          {isNarrow ? (
            <AppShell.Section mb="sm">
              <Stack gap="xs">{pickers}</Stack>
            </AppShell.Section>
          ) : null}
          {/* Native scrolling: Mantine's ScrollArea brings Floating UI into every first load. */}
          <AppShell.Section grow style={{ overflowY: 'auto' }}>
            {links.map((link) => (
              <NavLink
                key={link.to}
                component={Link}
                to={link.to}
                label={link.label}
                leftSection={<link.icon size={18} stroke={1.6} />}
                active={isActive(pathname, link.to)}
                onClick={onNavigate}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              />
            ))}
          </AppShell.Section>
        </AppShell.Navbar>

        <AppShell.Main id="main-content" tabIndex={-1}>
          {/* The shell stays while the opened screen's chunk loads. */}
          <Suspense fallback={<ScreenLoader h="50vh" />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </SelectionContext.Provider>
  );
}
