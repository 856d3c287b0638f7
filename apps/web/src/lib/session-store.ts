import type { Branch, Company, SessionUser } from '@pos/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The key the spec names for the persisted session. */
export const SESSION_STORAGE_KEY = 'user-storage';

type SessionState = {
  user: SessionUser | null;
  token: string | null;
  setSession: (session: { user: SessionUser; token: string }) => void;
  setUser: (user: SessionUser) => void;
  setToken: (token: string) => void;
  addCompany: (company: Company) => void;
  addBranch: (branch: Branch) => void;
  clearSession: () => void;
};

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      token: null,
      setSession: ({ user, token }) => set({ user, token }),
      setUser: (user) => set({ user }),
      setToken: (token) => set({ token }),
      addCompany: (company) =>
        set(({ user }) => {
          if (!user) return {};
          const others = user.company.filter((c) => c.id !== company.id);
          return { user: { ...user, company: [...others, { ...company, branches: company.branches ?? [] }] } };
        }),
      addBranch: (branch) =>
        set(({ user }) => {
          if (!user) return {};
          const company = user.company.map((c) =>
            c.id === branch.companyId
              ? { ...c, branches: [...(c.branches ?? []).filter((b) => b.id !== branch.id), branch] }
              : c,
          );
          return { user: { ...user, company } };
        }),
      clearSession: () => set({ user: null, token: null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ user, token }) => ({ user, token }),
    },
  ),
);

export const useSessionUser = () => useSessionStore((state) => state.user);
export const useIsSignedIn = () => useSessionStore((state) => Boolean(state.token && state.user));
