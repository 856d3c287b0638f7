import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * Floating UI's `useMergeRefs`, for Mantine's ScrollArea only (vite.config.ts resolves its one import of
 * `@floating-ui/react` here): that import alone brought all of Floating UI (~16 KB gzip) into every first load
 * with a dialog, the register's included. The same merge, on @mantine/hooks' `useMergedRef`.
 */
export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>) {
  return useMergedRef(...refs);
}
