import { Skeleton, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { StatCard } from '../../../components/stat-card';

type ReturnStatProps = {
  title: string;
  value: string;
  icon: ComponentType<{ size?: number }>;
  color: string;
  isLoading: boolean;
};

/** One of the returns screen's four figures, on the shared StatCard. */
export function ReturnStat({ title, value, icon: Icon, color, isLoading }: ReturnStatProps) {
  return (
    <StatCard title={title} icon={<Icon size={22} />} color={color}>
      {isLoading ? (
        <Skeleton height={28} />
      ) : (
        <Text fw={700} size="xl">
          {value}
        </Text>
      )}
    </StatCard>
  );
}
