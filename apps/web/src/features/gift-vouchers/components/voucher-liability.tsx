import { SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle, IconGift, IconReportMoney } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StatCard } from '../../../components/stat-card';
import { voucherLiabilityQuery } from '../../../lib/api/gift-vouchers.api';
import { formatCount, formatMoney } from '../../../lib/format';

export const LIABILITY_TEXT = {
  outstanding: 'Outstanding',
  outstandingDetail: 'Owed on active vouchers: a liability until spent',
  active: 'Active vouchers',
  activeDetail: 'Can still be spent',
  expired: 'Expired balance',
  expiredDetail: (count: number) => `Left on ${formatCount(count)} expired ${count === 1 ? 'voucher' : 'vouchers'}`,
  failed: 'Not available',
} as const;

/** The figure of a card: a skeleton while loading, 'Not available' when the call failed. */
function Figure({
  loading,
  failed,
  value,
  detail,
}: {
  loading: boolean;
  failed: boolean;
  value: ReactNode;
  detail: string;
}) {
  if (loading) {
    return (
      <>
        <Skeleton height={24} mt={2} width="70%" />
        <Skeleton height={10} mt={4} width="50%" />
      </>
    );
  }
  return (
    <>
      <Text fw={700} size="xl">
        {failed ? LIABILITY_TEXT.failed : value}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </>
  );
}

/**
 * What the branch's gift vouchers still owe (GET /gift-vouchers/liability): the outstanding balance of the active
 * ones and how many, and what is left on expired ones.
 */
export function VoucherLiability({ branchId }: { branchId: string | null }) {
  const query = useQuery(voucherLiabilityQuery(branchId ?? ''));
  const figures = query.data;
  const state = { loading: !branchId || query.isLoading, failed: query.isError };
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <StatCard title={LIABILITY_TEXT.outstanding} icon={<IconReportMoney size={22} />} color="blue">
        <Figure {...state} value={formatMoney(figures?.outstanding ?? 0)} detail={LIABILITY_TEXT.outstandingDetail} />
      </StatCard>
      <StatCard title={LIABILITY_TEXT.active} icon={<IconGift size={22} />} color="teal">
        <Figure {...state} value={formatCount(figures?.activeCount ?? 0)} detail={LIABILITY_TEXT.activeDetail} />
      </StatCard>
      <StatCard title={LIABILITY_TEXT.expired} icon={<IconAlertTriangle size={22} />} color="orange">
        <Figure
          {...state}
          value={formatMoney(figures?.expiredBalance ?? 0)}
          detail={LIABILITY_TEXT.expiredDetail(figures?.expiredCount ?? 0)}
        />
      </StatCard>
    </SimpleGrid>
  );
}
