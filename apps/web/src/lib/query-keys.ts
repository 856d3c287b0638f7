/** Query keys shared across features, so a mutation in one can invalidate what another shows. */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  companies: ['companies'] as const,
  /** Every branch list of every company (prefix of the keys below). */
  branches: ['branches'] as const,
  companyBranches: (companyId: string, paging?: { page: number; limit: number }) =>
    paging ? (['branches', companyId, paging] as const) : (['branches', companyId, 'all'] as const),
  allCompanyBranches: ['branches', 'management'] as const,
  tax: (branchId: string) => ['settings', 'tax', branchId] as const,
};
