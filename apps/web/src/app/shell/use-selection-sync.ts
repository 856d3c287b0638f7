import { type Branch, canSwitchBranch } from '@pos/shared';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCompanyBranchesQuery } from '../../features/companies/api/companies.api';
import { setDisplayCurrency } from '../../lib/format';
import { pickCompany, resolveSelection } from '../../lib/selection';
import type { CurrentSelection } from '../../lib/selection-context';
import { useSelectionStore } from '../../lib/selection-store';
import { useSessionUser } from '../../lib/session-store';

/**
 * Applies the selection rules inside the shell: the first company when none is selected, its
 * branches (held in the session, else fetched), the branch by role, and the redirects when there
 * is no company or no branch.
 */
export function useSelectionSync(): CurrentSelection {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selectedCompanyId = useSelectionStore((s) => s.companyId);
  const selectedBranchId = useSelectionStore((s) => s.branchId);
  const selectCompany = useSelectionStore((s) => s.selectCompany);
  const setSelection = useSelectionStore((s) => s.setSelection);

  const companies = user?.company ?? [];
  const companyId = pickCompany({ companies, selectedCompanyId });
  const company = companies.find((c) => c.id === companyId) ?? null;
  // Before the screens below render: their amounts are in this company's currency.
  setDisplayCurrency(company?.currency);
  const heldBranches = company?.branches ?? [];
  const isHeld = heldBranches.length > 0;
  const branchesQuery = useCompanyBranchesQuery({ companyId, enabled: !isHeld });
  // A failed fetch leaves the list empty; the user is sent to branch setup only on a real empty answer.
  const hasFetchFailed = !isHeld && branchesQuery.isError;
  const branches: Branch[] | undefined = isHeld ? heldBranches : hasFetchFailed ? [] : branchesQuery.data;

  const isSwitcher = canSwitchBranch(user);
  const assignedBranchId = user?.branchId ?? user?.managedBranch?.id ?? null;
  const outcome = resolveSelection({
    companies,
    selectedCompanyId,
    selectedBranchId,
    branches,
    canSwitchBranch: isSwitcher,
    assignedBranchId,
  });

  const outcomeKey = JSON.stringify(outcome);
  // biome-ignore lint/correctness/useExhaustiveDependencies: outcomeKey stands for outcome
  useEffect(() => {
    if (!user) return;
    switch (outcome.kind) {
      case 'no-company':
        navigate('/company-setup', { replace: true });
        return;
      case 'loading':
        if (outcome.companyId !== selectedCompanyId) selectCompany(outcome.companyId);
        return;
      case 'branch-setup':
        if (!hasFetchFailed && pathname !== '/branch-setup')
          navigate('/branch-setup', { replace: true, state: { companyId: outcome.companyId } });
        return;
      case 'ready':
        if (outcome.companyId !== selectedCompanyId || outcome.branchId !== selectedBranchId) {
          setSelection({ companyId: outcome.companyId, branchId: outcome.branchId });
        }
        return;
    }
  }, [outcomeKey, user, hasFetchFailed]);

  const readyBranchId = outcome.kind === 'ready' ? outcome.branchId : null;
  const isLoading = outcome.kind === 'loading';
  return useMemo(() => {
    const list = branches ?? [];
    return {
      company: company ? { id: company.id, name: company.name } : null,
      branch: readyBranchId ? (list.find((b) => b.id === readyBranchId) ?? null) : null,
      branches: list,
      isLoading,
    };
  }, [branches, company, readyBranchId, isLoading]);
}
