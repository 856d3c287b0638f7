import { Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatCard } from '../../../components/stat-card';
import { useOpenExceptionCount } from '../../../lib/api/exceptions.api';

/**
 * How many synced offline sales of the branch wait for a manager's review, with the way to them. Only
 * rendered for roles that may review them (view_audit), so a cashier's dashboard never asks.
 */
export function ExceptionsCard({ branchId }: { branchId?: string }) {
  const count = useOpenExceptionCount(branchId);
  return (
    <StatCard title="Exceptions" icon={<IconAlertTriangle size={22} />} color="orange" dimmed={count.isFetching}>
      {count.isError ? (
        <Text size="sm" c="dimmed">
          The count could not be loaded.
        </Text>
      ) : count.isPending ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : (
        <Text fz={24} fw={700} data-testid="open-exceptions">
          {count.data} open
        </Text>
      )}
      <Anchor component={Link} to="/dashboard/exceptions" size="sm">
        Review exceptions
      </Anchor>
    </StatCard>
  );
}
