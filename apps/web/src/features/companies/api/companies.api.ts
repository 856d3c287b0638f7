import type { Branch, Company, CreateBranchInput, CreateCompanyInput, companyResponses, PageMeta } from '@pos/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { useSessionStore } from '../../../lib/session-store';

export type CompanySummary = Omit<Company, 'branches'> & { branches?: Branch[] };
export type BranchPage = { items: Branch[]; meta?: PageMeta };

export async function fetchCompanies(): Promise<CompanySummary[]> {
  const answer = await apiRequest<Answer<typeof companyResponses.list>>('/auth/companies');
  return answer.items ?? [];
}

export async function fetchBranches(
  companyId: string,
  paging?: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<BranchPage> {
  const answer = await apiRequest<Answer<typeof companyResponses.branches>>(
    `/auth/companies/${encodeURIComponent(companyId)}/branches`,
    { query: paging, signal },
  );
  return { items: answer.items ?? [], meta: answer.meta };
}

export async function createCompany(input: CreateCompanyInput): Promise<Company> {
  const answer = await apiRequest<Answer<typeof companyResponses.created>>('/auth/companies', {
    method: 'POST',
    body: input,
  });
  return answer.data;
}

export async function createBranch(input: CreateBranchInput): Promise<{ branch: Branch; message?: string }> {
  const answer = await apiRequest<Answer<typeof companyResponses.branchCreated>>('/auth/branches', {
    method: 'POST',
    body: input,
  });
  return { branch: answer.data, message: answer.message };
}

export const companiesQueryOptions = () => queryOptions({ queryKey: queryKeys.companies, queryFn: fetchCompanies });

export function useCompaniesQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...companiesQueryOptions(), enabled });
}

/** The shell's list of one company's branches, without paging. */
export const companyBranchesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: queryKeys.companyBranches(companyId),
    queryFn: async ({ signal }) => (await fetchBranches(companyId, undefined, signal)).items,
  });

export function useCompanyBranchesQuery({
  companyId,
  enabled = true,
}: {
  companyId: string | null;
  enabled?: boolean;
}) {
  return useQuery({
    ...companyBranchesQueryOptions(companyId ?? ''),
    enabled: enabled && Boolean(companyId),
  });
}

export const MANAGEMENT_BRANCH_LIMIT = 1000;

export type ManagedBranch = Branch & { companyName: string };

/**
 * Branch management: up to 1000 branches of every company, paged on the client. One company's
 * failed fetch is skipped and logged; the list fails only when every company failed.
 */
export async function fetchAllBranches(companies: CompanySummary[], signal?: AbortSignal): Promise<ManagedBranch[]> {
  const results = await Promise.allSettled(
    companies.map((company) => fetchBranches(company.id, { page: 1, limit: MANAGEMENT_BRANCH_LIMIT }, signal)),
  );
  const branches: ManagedBranch[] = [];
  let failures = 0;
  results.forEach((result, index) => {
    const company = companies[index];
    if (!company) return;
    if (result.status === 'rejected') {
      failures += 1;
      console.error(`Failed to fetch branches of company ${company.name}`, result.reason);
      return;
    }
    for (const branch of result.value.items) branches.push({ ...branch, companyName: company.name });
  });
  if (companies.length > 0 && failures === companies.length) {
    const first = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    throw first?.reason ?? new Error('Failed to fetch branches');
  }
  return branches;
}

export function useAllBranchesQuery({ companies }: { companies: CompanySummary[] | undefined }) {
  return useQuery({
    queryKey: [...queryKeys.allCompanyBranches, (companies ?? []).map((c) => c.id)],
    queryFn: ({ signal }) => fetchAllBranches(companies ?? [], signal),
    enabled: companies !== undefined,
  });
}

/** Adds the new company to the session user's list at once, then refreshes the user from the server. */
export function useCreateCompanyMutation() {
  const queryClient = useQueryClient();
  const addCompany = useSessionStore((s) => s.addCompany);
  return useMutation({
    mutationFn: createCompany,
    onSuccess: async (company) => {
      addCompany({ ...company, branches: company.branches ?? [] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.companies }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]);
    },
  });
}

/**
 * The new branch goes into the session and the cached list at once, so the shell never sees the
 * stale empty list of a company that just got its first branch.
 */
export function useCreateBranchMutation() {
  const queryClient = useQueryClient();
  const addBranch = useSessionStore((s) => s.addBranch);
  return useMutation({
    mutationFn: createBranch,
    onSuccess: async ({ branch }) => {
      addBranch(branch);
      queryClient.setQueryData<Branch[]>(queryKeys.companyBranches(branch.companyId), (old) =>
        old ? [...old.filter((b) => b.id !== branch.id), branch] : [branch],
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allCompanyBranches }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]);
    },
  });
}
