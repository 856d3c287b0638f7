import { Group, Text } from '@mantine/core';
import type { Freshness } from '@pos/shared';
import { IconClockExclamation } from '@tabler/icons-react';
import { freshnessText, stalestFreshness } from '../lib/freshness';

type FreshnessNoticeProps = {
  /** `meta.freshness` of each answer whose figures the screen shows (undefined: read from the primary). */
  answers: readonly (Freshness | null | undefined)[];
};

/**
 * Says how old a screen's figures are when the server read them from a replica that was more than a few
 * seconds behind; nothing otherwise. A polite live region, so a screen reader hears it when it appears.
 */
export function FreshnessNotice({ answers }: FreshnessNoticeProps) {
  const stalest = stalestFreshness(answers);
  if (!stalest) return null;
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite">
      <IconClockExclamation size={16} aria-hidden="true" />
      <Text size="sm" c="dimmed">
        {freshnessText(stalest)}
      </Text>
    </Group>
  );
}
