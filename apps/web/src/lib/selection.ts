/**
 * The company and branch selection rules (spec 01, section 4) as pure functions. The shell feeds
 * them the session user's companies, the loaded branches and the persisted selection, and applies
 * what they answer.
 */

export type SelectableCompany = { id: string };
export type SelectableBranch = { id: string; isMain: boolean; companyId?: string };

/** The selected company if it is still among the user's companies, else the first one, else none. */
export function pickCompany({
  companies,
  selectedCompanyId,
}: {
  companies: ReadonlyArray<SelectableCompany>;
  selectedCompanyId: string | null;
}): string | null {
  if (selectedCompanyId && companies.some((c) => c.id === selectedCompanyId)) return selectedCompanyId;
  return companies[0]?.id ?? null;
}

function mainOrFirst(branches: ReadonlyArray<SelectableBranch>): string | null {
  return (branches.find((b) => b.isMain) ?? branches[0])?.id ?? null;
}

/**
 * The branch to start with. A branch-switching user gets the main branch, else the first. Anyone
 * else gets their own assigned branch if it is among the branches, else the main, else the first.
 */
export function pickBranch({
  branches,
  canSwitchBranch,
  assignedBranchId,
}: {
  branches: ReadonlyArray<SelectableBranch>;
  canSwitchBranch: boolean;
  assignedBranchId: string | null;
}): string | null {
  if (!canSwitchBranch && assignedBranchId && branches.some((b) => b.id === assignedBranchId)) {
    return assignedBranchId;
  }
  return mainOrFirst(branches);
}

/**
 * Keeps the selected branch while it is in the loaded list. With nothing selected the starting
 * rule applies; when the selected branch has disappeared the main (or first) branch replaces it.
 */
export function reconcileBranch({
  branches,
  selectedBranchId,
  canSwitchBranch,
  assignedBranchId,
}: {
  branches: ReadonlyArray<SelectableBranch>;
  selectedBranchId: string | null;
  canSwitchBranch: boolean;
  assignedBranchId: string | null;
}): string | null {
  if (!selectedBranchId) return pickBranch({ branches, canSwitchBranch, assignedBranchId });
  if (branches.some((b) => b.id === selectedBranchId)) return selectedBranchId;
  return mainOrFirst(branches);
}

/**
 * Switching company keeps the current branch when it belongs to the new company; otherwise the new
 * company's main branch, else its first, else none.
 */
export function switchCompanyBranch({
  companyId,
  branches,
  currentBranchId,
}: {
  companyId: string;
  branches: ReadonlyArray<SelectableBranch>;
  currentBranchId: string | null;
}): string | null {
  const own = branches.filter((b) => b.companyId === undefined || b.companyId === companyId);
  if (currentBranchId && own.some((b) => b.id === currentBranchId)) return currentBranchId;
  return mainOrFirst(own);
}

export type SelectionInput = {
  companies: ReadonlyArray<SelectableCompany>;
  selectedCompanyId: string | null;
  selectedBranchId: string | null;
  /** The selected company's branches; undefined while they are still loading. */
  branches: ReadonlyArray<SelectableBranch> | undefined;
  canSwitchBranch: boolean;
  assignedBranchId: string | null;
};

export type SelectionOutcome =
  | { kind: 'no-company' }
  | { kind: 'loading'; companyId: string }
  | { kind: 'branch-setup'; companyId: string }
  | { kind: 'ready'; companyId: string; branchId: string };

/** One pass of the rules: what the selection should be now, or where the user must go instead. */
export function resolveSelection(input: SelectionInput): SelectionOutcome {
  const companyId = pickCompany({ companies: input.companies, selectedCompanyId: input.selectedCompanyId });
  if (!companyId) return { kind: 'no-company' };
  // The branch list belongs to the company held before; wait for the new company's list.
  if (!input.branches || companyId !== input.selectedCompanyId) return { kind: 'loading', companyId };
  if (input.branches.length === 0) return { kind: 'branch-setup', companyId };
  const branchId = reconcileBranch({
    branches: input.branches,
    selectedBranchId: input.selectedBranchId,
    canSwitchBranch: input.canSwitchBranch,
    assignedBranchId: input.assignedBranchId,
  });
  return branchId ? { kind: 'ready', companyId, branchId } : { kind: 'branch-setup', companyId };
}
