import type { Branch, CreateUserInput, PageMeta, UpdateUserInput, User } from '@pos/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

type Paged<T> = { success: boolean; data: T[]; meta: PageMeta };
type Envelope<T> = { success: boolean; data: T; message?: string };

export type UserListParams = { companyId: string; branchId?: string; page: number; limit: number; search?: string };

export const userKeys = {
  all: ['users'] as const,
  list: (params: UserListParams) => ['users', 'list', params] as const,
  branches: (companyId: string) => ['users', 'branch-options', companyId] as const,
};

export function fetchUsers(params: UserListParams, signal?: AbortSignal): Promise<Paged<User>> {
  return apiRequest<Paged<User>>('/users', { query: params, signal });
}

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => fetchUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: Omit<UserListParams, 'companyId'> & { companyId: string | null }) {
  const { companyId, ...rest } = params;
  return useQuery({ ...usersQueryOptions({ ...rest, companyId: companyId ?? '' }), enabled: Boolean(companyId) });
}

/** The company's branches for the branch select of the user forms. */
export function fetchCompanyBranches(companyId: string, signal?: AbortSignal): Promise<Branch[]> {
  return apiRequest<{ items: Branch[] }>(`/auth/companies/${encodeURIComponent(companyId)}/branches`, {
    query: { limit: 1000 },
    signal,
  }).then((answer) => answer.items ?? []);
}

export function useCompanyBranches(companyId: string | null) {
  return useQuery({
    queryKey: userKeys.branches(companyId ?? ''),
    queryFn: ({ signal }) => fetchCompanyBranches(companyId ?? '', signal),
    enabled: Boolean(companyId),
    staleTime: 5 * 60_000,
  });
}

export function createUser(body: CreateUserInput): Promise<Envelope<User>> {
  return apiRequest<Envelope<User>>('/users', { method: 'POST', body });
}

export function updateUser({ id, body }: { id: string; body: UpdateUserInput }): Promise<Envelope<User>> {
  return apiRequest<Envelope<User>>(`/users/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
