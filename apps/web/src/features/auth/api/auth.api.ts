import type { authResponses, LoginInput, LoginResponse, SessionUser } from '@pos/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { useSessionStore } from '../../../lib/session-store';

export function login(input: LoginInput): Promise<LoginResponse> {
  return apiRequest<Answer<typeof authResponses.login>>('/auth/login', {
    method: 'POST',
    body: input,
    skipUnauthorizedHandler: true,
  });
}

export async function fetchMe(): Promise<SessionUser> {
  const answer = await apiRequest<Answer<typeof authResponses.me>>('/auth/me');
  return answer.data;
}

/** Revokes the session on the server; signing out locally does not wait for it. */
export async function logout(): Promise<void> {
  await apiRequest<Answer<typeof authResponses.logout>>('/auth/logout', {
    method: 'POST',
    skipUnauthorizedHandler: true,
  });
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 60_000, refetchOnWindowFocus: true });

/** Keeps the persisted session user in step with the server (roles, companies and branches). */
export function useMeQuery({ enabled }: { enabled: boolean }) {
  return useQuery({ ...meQueryOptions(), enabled });
}

export function useLoginMutation() {
  const setSession = useSessionStore((s) => s.setSession);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user, access_token }) => {
      queryClient.clear();
      setSession({ user, token: access_token });
    },
  });
}
