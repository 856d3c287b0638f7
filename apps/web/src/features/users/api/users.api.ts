import type { CreateUserInput, UpdateUserInput, userResponses } from '@pos/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api';

export type UserListParams = { companyId: string; branchId?: string; page: number; limit: number; search?: string };

export const userKeys = {
  all: ['users'] as const,
  list: (params: UserListParams) => ['users', 'list', params] as const,
};

export function fetchUsers(params: UserListParams, signal?: AbortSignal): Promise<Answer<typeof userResponses.list>> {
  return apiRequest<Answer<typeof userResponses.list>>('/users', { query: params, signal });
}

/** One page of the company's users; disabled until a company is selected. */
export const usersQuery = ({ companyId, ...rest }: Omit<UserListParams, 'companyId'> & { companyId: string | null }) =>
  queryOptions({
    queryKey: userKeys.list({ ...rest, companyId: companyId ?? '' }),
    queryFn: ({ signal }) => fetchUsers({ ...rest, companyId: companyId ?? '' }, signal),
    enabled: Boolean(companyId),
  });

export function createUser(body: CreateUserInput): Promise<Answer<typeof userResponses.one>> {
  return apiRequest<Answer<typeof userResponses.one>>('/users', { method: 'POST', body });
}

export function updateUser({
  id,
  body,
}: {
  id: string;
  body: UpdateUserInput;
}): Promise<Answer<typeof userResponses.one>> {
  return apiRequest<Answer<typeof userResponses.one>>(`/users/${encodeURIComponent(id)}`, { method: 'PATCH', body });
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
