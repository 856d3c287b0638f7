import type { Branch, Company } from '@pos/shared';
import { createContext, useContext } from 'react';

/** What the shell resolved: the selected company and branch, for the screens inside it. */
export type CurrentSelection = {
  company: Pick<Company, 'id' | 'name'> | null;
  branch: Branch | null;
  branches: Branch[];
  isLoading: boolean;
};

export const SelectionContext = createContext<CurrentSelection>({
  company: null,
  branch: null,
  branches: [],
  isLoading: false,
});

export const useCurrentSelection = () => useContext(SelectionContext);
