import type { SessionUser } from '@pos/shared';

export type PostLoginTarget = { to: string; state?: { companyId: string } };

/**
 * Where a fresh sign-in goes: no company -> company setup; a first company without branches ->
 * branch setup with that company's id; else the dashboard.
 */
export function postLoginTarget(user: Pick<SessionUser, 'company'>): PostLoginTarget {
  const first = user.company?.[0];
  if (!first) return { to: '/company-setup' };
  if (!first.branches || first.branches.length === 0) {
    return { to: '/branch-setup', state: { companyId: String(first.id) } };
  }
  return { to: '/dashboard' };
}
