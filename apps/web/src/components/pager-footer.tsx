import { Group, type GroupProps, Pagination, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type PagerFooterProps = Omit<GroupProps, 'onChange'> & {
  /** What the list holds ('12 brands', 'Showing 1-10 of 42'). */
  label: ReactNode;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Name the controls 'previous page', 'next page', ... for screen readers. */
  labelledControls?: boolean;
};

/**
 * The footer of a paged table: the count on the left, the pager on the right. A page past the end (the
 * list shrank) shows as the last page.
 */
export function PagerFooter({ label, page, totalPages, onPageChange, labelledControls, ...group }: PagerFooterProps) {
  return (
    <Group justify="space-between" wrap="wrap" {...group}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Pagination
        total={totalPages}
        value={Math.min(page, totalPages)}
        onChange={onPageChange}
        getControlProps={labelledControls ? (control) => ({ 'aria-label': `${control} page` }) : undefined}
      />
    </Group>
  );
}
