import { SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { TransactionAnalytics } from '@pos/shared';
import {
  IconArrowBackUp,
  IconCash,
  IconChartBar,
  IconDiscount,
  IconLock,
  IconPackage,
  IconReceipt,
  IconReceiptTax,
  IconTrendingUp,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { StatCard } from '../../../components/stat-card';
import { ACCESS_RESTRICTED, INSUFFICIENT_PERMISSIONS, type SummaryCardKey, summaryCards } from '../utils/summary-cards';

const ICONS: Record<SummaryCardKey, { icon: ComponentType<{ size?: number }>; color: string }> = {
  grossRevenue: { icon: IconCash, color: 'blue' },
  netRevenue: { icon: IconTrendingUp, color: 'green' },
  transactions: { icon: IconReceipt, color: 'indigo' },
  averageTransaction: { icon: IconChartBar, color: 'cyan' },
  itemsSold: { icon: IconPackage, color: 'grape' },
  taxCollected: { icon: IconReceiptTax, color: 'orange' },
  discounts: { icon: IconDiscount, color: 'pink' },
  returns: { icon: IconArrowBackUp, color: 'red' },
};

type SummaryCardsProps = {
  analytics: TransactionAnalytics | undefined;
  isLoading: boolean;
  /** The analytics call answered 403: every card says so instead of a figure. */
  isRestricted: boolean;
  /** A refetch for new filters is under way (the old figures stay, dimmed). */
  isRefreshing?: boolean;
};

/** The eight summary cards of the filtered period (spec 02, section 2). */
export function SummaryCards({ analytics, isLoading, isRestricted, isRefreshing = false }: SummaryCardsProps) {
  const cards = summaryCards(analytics);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {cards.map((card) => {
        const { icon: Icon, color } = ICONS[card.key];
        return (
          <StatCard
            key={card.key}
            title={card.title}
            icon={isRestricted ? <IconLock size={22} /> : <Icon size={22} />}
            color={isRestricted ? 'gray' : color}
            dimmed={isRefreshing && !isRestricted}
          >
            {isRestricted ? (
              <>
                <Text fw={700} size="lg" c="dimmed">
                  {ACCESS_RESTRICTED}
                </Text>
                <Text size="xs" c="dimmed">
                  {INSUFFICIENT_PERMISSIONS}
                </Text>
              </>
            ) : isLoading ? (
              <>
                <Skeleton height={24} mt={2} width="70%" />
                <Skeleton height={10} mt={4} width="50%" />
              </>
            ) : (
              <>
                <Text fw={700} size="xl">
                  {card.value}
                </Text>
                <Text size="xs" c="dimmed">
                  {card.detail}
                </Text>
              </>
            )}
          </StatCard>
        );
      })}
    </SimpleGrid>
  );
}
