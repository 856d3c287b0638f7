import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
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
          <Paper
            key={card.key}
            component="section"
            aria-label={card.title}
            withBorder
            p="md"
            radius="md"
            style={{ opacity: isRefreshing && !isRestricted ? 0.6 : 1 }}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {card.title}
              </Text>
              <ThemeIcon variant="light" color={isRestricted ? 'gray' : color} size="md" radius="md">
                {isRestricted ? <IconLock size={16} /> : <Icon size={16} />}
              </ThemeIcon>
            </Group>
            {isRestricted ? (
              <>
                <Text fw={700} size="lg" mt={4} c="dimmed">
                  {ACCESS_RESTRICTED}
                </Text>
                <Text size="xs" c="dimmed" mt={2}>
                  {INSUFFICIENT_PERMISSIONS}
                </Text>
              </>
            ) : isLoading ? (
              <>
                <Skeleton height={24} mt={6} width="70%" />
                <Skeleton height={10} mt={8} width="50%" />
              </>
            ) : (
              <>
                <Text fw={700} size="xl" mt={4}>
                  {card.value}
                </Text>
                <Text size="xs" c="dimmed" mt={2}>
                  {card.detail}
                </Text>
              </>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
