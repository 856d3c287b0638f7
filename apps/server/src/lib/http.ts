import type { PageMeta } from '@pos/shared';

export const ok = <T>(data: T, extra?: { meta?: PageMeta; message?: string }) => ({
  success: true as const,
  data,
  ...extra,
});
