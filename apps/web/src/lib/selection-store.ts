import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const SELECTION_STORAGE_KEY = 'selection-storage';

type SelectionState = {
  companyId: string | null;
  branchId: string | null;
  /** Picking a company clears the branch; the shell then chooses one by the selection rules. */
  selectCompany: (companyId: string | null) => void;
  selectBranch: (branchId: string | null) => void;
  setSelection: (selection: { companyId: string | null; branchId: string | null }) => void;
  clearSelection: () => void;
};

export const useSelectionStore = create<SelectionState>()(
  persist(
    (set) => ({
      companyId: null,
      branchId: null,
      selectCompany: (companyId) => set({ companyId, branchId: null }),
      selectBranch: (branchId) => set({ branchId }),
      setSelection: ({ companyId, branchId }) => set({ companyId, branchId }),
      clearSelection: () => set({ companyId: null, branchId: null }),
    }),
    {
      name: SELECTION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ companyId, branchId }) => ({ companyId, branchId }),
    },
  ),
);
