import type { CreateUserInput, UpdateUserInput, userResponses } from '@pos/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Answer, apiRequest } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';

export type UserListParams = { companyId: string; branchId?: string; page: number; limit: number; search?: string };

export const userKeys = {
  all: ['users'] as const,
  list: (params: UserListParams) => ['users', 'list', params] as const,
};

export function fetchUsers(params: UserListParams, signal?: AbortSignal): Promise<Answer<typeof userResponses.list>> {
  return apiRequest<Answer<typeof userResponses.list>>('/users', { query: params, signal });
}

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => fetchUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: Omit<UserListParams, 'companyId'> & { companyId: string | null }) {
  const { companyId, ...rest } = params;
  const query = useQuery({
    ...usersQueryOptions({ ...rest, companyId: companyId ?? '' }),
    enabled: Boolean(companyId),
  });
  // One toast id: a refetch that fails again updates the toast instead of stacking another.
  useEffect(() => {
    if (query.error) notifyError('Failed to fetch users', 'Error', 'fetch-users');
  }, [query.error]);
  return query;
}

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
