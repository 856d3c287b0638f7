import { EXCEPTION_FLAG_LABELS } from '@pos/shared';

/** What a review flag says to a manager; a flag this build does not know reads as itself. */
export function flagLabel(flag: string): string {
  return EXCEPTION_FLAG_LABELS[flag] ?? flag;
}
