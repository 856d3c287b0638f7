import type { Branch, Company } from '@pos/shared';
import { describe, expect, it } from 'vitest';
import { postLoginTarget } from '../src/features/auth/post-login';

const branch = { id: 'b1', name: 'Main', isMain: true } as Branch;
const company = (id: string, branches: Branch[]) => ({ id, name: id, branches }) as Company;

describe('postLoginTarget', () => {
  it('sends a user without a company to company setup', () => {
    expect(postLoginTarget({ company: [] })).toEqual({ to: '/company-setup' });
  });
  it('sends a user whose first company has no branches to branch setup with its id as text', () => {
    expect(postLoginTarget({ company: [company('c1', []), company('c2', [branch])] })).toEqual({
      to: '/branch-setup',
      state: { companyId: 'c1' },
    });
  });
  it('sends everyone else to the dashboard', () => {
    expect(postLoginTarget({ company: [company('c1', [branch]), company('c2', [])] })).toEqual({ to: '/dashboard' });
  });
});
