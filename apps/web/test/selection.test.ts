import { describe, expect, it } from 'vitest';
import {
  pickBranch,
  pickCompany,
  reconcileBranch,
  resolveSelection,
  type SelectableBranch,
  switchCompanyBranch,
} from '../src/lib/selection';

const branch = (id: string, isMain = false, companyId = 'c1'): SelectableBranch => ({ id, isMain, companyId });
const withMain = [branch('b1'), branch('main', true), branch('b3')];
const withoutMain = [branch('b1'), branch('b2')];

describe('pickCompany', () => {
  it('selects the first company when none is selected', () => {
    expect(pickCompany({ companies: [{ id: 'c1' }, { id: 'c2' }], selectedCompanyId: null })).toBe('c1');
  });
  it('keeps a selected company that is still available', () => {
    expect(pickCompany({ companies: [{ id: 'c1' }, { id: 'c2' }], selectedCompanyId: 'c2' })).toBe('c2');
  });
  it('falls back to the first company when the selected one is gone', () => {
    expect(pickCompany({ companies: [{ id: 'c1' }], selectedCompanyId: 'gone' })).toBe('c1');
  });
  it('selects nothing without companies', () => {
    expect(pickCompany({ companies: [], selectedCompanyId: 'c1' })).toBeNull();
  });
});

describe('pickBranch', () => {
  describe('for a branch-switching user', () => {
    it('picks the main branch', () => {
      expect(pickBranch({ branches: withMain, canSwitchBranch: true, assignedBranchId: 'b3' })).toBe('main');
    });
    it('picks the first branch when there is no main branch', () => {
      expect(pickBranch({ branches: withoutMain, canSwitchBranch: true, assignedBranchId: null })).toBe('b1');
    });
    it('ignores the assigned branch', () => {
      expect(pickBranch({ branches: withoutMain, canSwitchBranch: true, assignedBranchId: 'b2' })).toBe('b1');
    });
  });
  describe('for other users', () => {
    it('picks their own assigned branch when it is among the branches', () => {
      expect(pickBranch({ branches: withMain, canSwitchBranch: false, assignedBranchId: 'b3' })).toBe('b3');
    });
    it('picks the main branch when the assigned branch is not among them', () => {
      expect(pickBranch({ branches: withMain, canSwitchBranch: false, assignedBranchId: 'elsewhere' })).toBe('main');
    });
    it('picks the main branch without an assigned branch', () => {
      expect(pickBranch({ branches: withMain, canSwitchBranch: false, assignedBranchId: null })).toBe('main');
    });
    it('picks the first branch when there is neither', () => {
      expect(pickBranch({ branches: withoutMain, canSwitchBranch: false, assignedBranchId: null })).toBe('b1');
    });
  });
  it('picks nothing from an empty list', () => {
    expect(pickBranch({ branches: [], canSwitchBranch: true, assignedBranchId: null })).toBeNull();
    expect(pickBranch({ branches: [], canSwitchBranch: false, assignedBranchId: 'b1' })).toBeNull();
  });
});

describe('reconcileBranch', () => {
  it('keeps a selected branch that is still in the list', () => {
    expect(
      reconcileBranch({ branches: withMain, selectedBranchId: 'b3', canSwitchBranch: true, assignedBranchId: null }),
    ).toBe('b3');
  });
  it('replaces a disappeared branch with the main branch', () => {
    expect(
      reconcileBranch({ branches: withMain, selectedBranchId: 'gone', canSwitchBranch: false, assignedBranchId: 'b3' }),
    ).toBe('main');
  });
  it('replaces a disappeared branch with the first branch when there is no main one', () => {
    expect(
      reconcileBranch({
        branches: withoutMain,
        selectedBranchId: 'gone',
        canSwitchBranch: true,
        assignedBranchId: null,
      }),
    ).toBe('b1');
  });
  it('applies the starting rule when nothing is selected', () => {
    expect(
      reconcileBranch({ branches: withMain, selectedBranchId: null, canSwitchBranch: false, assignedBranchId: 'b3' }),
    ).toBe('b3');
    expect(
      reconcileBranch({ branches: withMain, selectedBranchId: null, canSwitchBranch: true, assignedBranchId: 'b3' }),
    ).toBe('main');
  });
  it('selects nothing when the list is empty', () => {
    expect(
      reconcileBranch({ branches: [], selectedBranchId: 'b1', canSwitchBranch: true, assignedBranchId: null }),
    ).toBeNull();
  });
});

describe('switchCompanyBranch', () => {
  const other = [branch('x1', false, 'c2'), branch('xmain', true, 'c2')];
  it('picks the main branch of the new company', () => {
    expect(switchCompanyBranch({ companyId: 'c2', branches: other, currentBranchId: 'main' })).toBe('xmain');
  });
  it('keeps the current branch when it belongs to the new company', () => {
    expect(switchCompanyBranch({ companyId: 'c2', branches: other, currentBranchId: 'x1' })).toBe('x1');
  });
  it('picks the first branch when the new company has no main branch', () => {
    expect(switchCompanyBranch({ companyId: 'c2', branches: [branch('y1', false, 'c2')], currentBranchId: null })).toBe(
      'y1',
    );
  });
  it('picks none when the new company has no branches', () => {
    expect(switchCompanyBranch({ companyId: 'c2', branches: [], currentBranchId: 'main' })).toBeNull();
  });
  it('does not keep a branch of another company that slipped into the list', () => {
    const mixed = [branch('main', true, 'c1'), branch('x1', false, 'c2')];
    expect(switchCompanyBranch({ companyId: 'c2', branches: mixed, currentBranchId: 'main' })).toBe('x1');
  });
});

describe('resolveSelection', () => {
  const companies = [{ id: 'c1' }, { id: 'c2' }];
  const base = { canSwitchBranch: true, assignedBranchId: null };

  it('reports no company when the user has none', () => {
    expect(
      resolveSelection({ ...base, companies: [], selectedCompanyId: null, selectedBranchId: null, branches: [] }),
    ).toEqual({ kind: 'no-company' });
  });
  it('selects the first company and waits for its branches when none is selected', () => {
    expect(
      resolveSelection({ ...base, companies, selectedCompanyId: null, selectedBranchId: null, branches: withMain }),
    ).toEqual({ kind: 'loading', companyId: 'c1' });
  });
  it('waits while the branches are loading', () => {
    expect(
      resolveSelection({ ...base, companies, selectedCompanyId: 'c2', selectedBranchId: null, branches: undefined }),
    ).toEqual({ kind: 'loading', companyId: 'c2' });
  });
  it('sends the user to branch setup when the company has no branches', () => {
    expect(
      resolveSelection({ ...base, companies, selectedCompanyId: 'c1', selectedBranchId: null, branches: [] }),
    ).toEqual({ kind: 'branch-setup', companyId: 'c1' });
  });
  it('picks the branch by the rules once the branches are loaded', () => {
    expect(
      resolveSelection({ ...base, companies, selectedCompanyId: 'c1', selectedBranchId: null, branches: withMain }),
    ).toEqual({ kind: 'ready', companyId: 'c1', branchId: 'main' });
    expect(
      resolveSelection({
        companies,
        selectedCompanyId: 'c1',
        selectedBranchId: null,
        branches: withMain,
        canSwitchBranch: false,
        assignedBranchId: 'b3',
      }),
    ).toEqual({ kind: 'ready', companyId: 'c1', branchId: 'b3' });
  });
  it('replaces a branch that disappeared', () => {
    expect(
      resolveSelection({ ...base, companies, selectedCompanyId: 'c1', selectedBranchId: 'gone', branches: withMain }),
    ).toEqual({ kind: 'ready', companyId: 'c1', branchId: 'main' });
  });
  it('keeps a valid selection as it is', () => {
    expect(
      resolveSelection({ ...base, companies, selectedCompanyId: 'c1', selectedBranchId: 'b1', branches: withMain }),
    ).toEqual({ kind: 'ready', companyId: 'c1', branchId: 'b1' });
  });
  it('moves off a company the user lost', () => {
    expect(
      resolveSelection({ ...base, companies, selectedCompanyId: 'gone', selectedBranchId: 'b1', branches: withMain }),
    ).toEqual({ kind: 'loading', companyId: 'c1' });
  });
});
