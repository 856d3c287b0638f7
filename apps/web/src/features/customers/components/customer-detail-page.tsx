import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  LoadingOverlay,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { userCan } from '@pos/shared';
import {
  IconArrowBackUp,
  IconArrowLeft,
  IconCash,
  IconChartBar,
  IconEdit,
  IconNotebook,
  IconReceipt,
  IconWallet,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { StatCard } from '../../../components/stat-card';
import { useCustomer, useCustomerAnalytics } from '../../../lib/api/customers.api';
import { formatDate, formatDollars } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { AccountTab } from './account-tab';
import { AdjustCreditModal } from './adjust-credit-modal';
import { EditCustomerModal } from './edit-customer-modal';
import { ReturnHistoryTab } from './return-history-tab';
import { StoreCreditTab } from './store-credit-tab';
import { TransactionHistoryTab } from './transaction-history-tab';

function Stat({ label, icon, value }: { label: string; icon: ReactNode; value: string }) {
  return (
    <StatCard title={label} icon={icon} color="blue">
      <Text fz={22} fw={700}>
        {value}
      </Text>
    </StatCard>
  );
}

const TABS = ['details', 'transactions', 'returns', 'credit', 'account'];

/**
 * One customer: figures (their store credit too), details, the sales and returns histories with a date range
 * each, and the store credit ledger; a Manager or Super Admin (process_returns, as the server checks) adjusts
 * the store credit from its tab. The Account tab: what the customer owes on account and its statement; a Manager or
 * Super Admin sets the credit limit and receives payments there.
 */
export function CustomerDetailPage() {
  const { customerId = '' } = useParams();
  const navigate = useNavigate();
  const { branch } = useCurrentSelection();
  const tz = branch?.timezone;
  const customer = useCustomer(customerId);
  const analytics = useCustomerAnalytics(customerId);
  const [searchParams] = useSearchParams();
  // A link may open a tab (the ageing list opens the Account tab: ?tab=account).
  const [tab, setTab] = useState<string | null>(() => {
    const asked = searchParams.get('tab');
    return asked && TABS.includes(asked) ? asked : 'details';
  });
  const [editing, setEditing] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const mayAdjustCredit = userCan(useSessionUser(), 'process_returns');

  useEffect(() => {
    if (customer.error) {
      notifyError('Failed to fetch customer details', 'Error', 'fetch-customer');
      navigate('/dashboard/customers', { replace: true });
    }
  }, [customer.error, navigate]);
  useEffect(() => {
    if (analytics.error) console.error('Failed to fetch customer stats', analytics.error);
  }, [analytics.error]);

  const c = customer.data;
  const a = analytics.data;
  return (
    <Box pos="relative" mih={300}>
      <LoadingOverlay visible={customer.isLoading} zIndex={10} />
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="sm">
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label="Back to customers"
              onClick={() => navigate('/dashboard/customers')}
            >
              <IconArrowLeft size={20} />
            </ActionIcon>
            <Title order={1} size="h2">
              {c?.name ?? 'Customer Details'}
            </Title>
            {c ? (
              <Badge color={c.isActive ? 'green' : 'gray'} variant="light" size="lg">
                {c.isActive ? 'Active' : 'Inactive'}
              </Badge>
            ) : null}
          </Group>
          {c ? (
            <Button leftSection={<IconEdit size={16} />} variant="light" onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : null}
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Stat label="Total Transactions" icon={<IconReceipt size={22} />} value={String(a?.totalTransactions ?? 0)} />
          <Stat label="Total Spent" icon={<IconCash size={22} />} value={formatDollars(a?.totalSpent)} />
          <Stat label="Net Spent" icon={<IconArrowBackUp size={22} />} value={formatDollars(a?.netSpent)} />
          <Stat
            label="Average Transaction"
            icon={<IconChartBar size={22} />}
            value={formatDollars(a?.averageTransaction)}
          />
          <Stat label="Store Credit" icon={<IconWallet size={22} />} value={formatDollars(c?.creditBalance)} />
          <Stat label="Owed on Account" icon={<IconNotebook size={22} />} value={formatDollars(c?.accountBalance)} />
        </SimpleGrid>

        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            <Tabs.Tab value="details">Customer Details</Tabs.Tab>
            <Tabs.Tab value="transactions">Transaction History</Tabs.Tab>
            <Tabs.Tab value="returns">Return History</Tabs.Tab>
            <Tabs.Tab value="credit">Store Credit</Tabs.Tab>
            <Tabs.Tab value="account">Account</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="details" pt="md">
            {c ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {(
                  [
                    ['Name', c.name],
                    ['Phone', c.phone],
                    ['Email', c.email ?? 'N/A'],
                    ['Address', c.address ?? 'N/A'],
                    ['Notes', c.notes ?? 'N/A'],
                    ['Customer Since', formatDate(c.createdAt, tz)],
                  ] as const
                ).map(([label, value]) => (
                  <Box key={label}>
                    <Text size="sm" c="dimmed">
                      {label}
                    </Text>
                    <Text fw={500}>{value}</Text>
                  </Box>
                ))}
              </SimpleGrid>
            ) : null}
          </Tabs.Panel>

          <Tabs.Panel value="transactions" pt="md">
            <TransactionHistoryTab customerId={customerId} active={tab === 'transactions'} timeZone={tz} />
          </Tabs.Panel>

          <Tabs.Panel value="returns" pt="md">
            <ReturnHistoryTab customerId={customerId} active={tab === 'returns'} timeZone={tz} />
          </Tabs.Panel>

          <Tabs.Panel value="credit" pt="md">
            <StoreCreditTab
              customerId={customerId}
              balance={c?.creditBalance}
              active={tab === 'credit'}
              timeZone={tz}
              onAdjust={c && mayAdjustCredit ? () => setAdjusting(true) : undefined}
            />
          </Tabs.Panel>

          <Tabs.Panel value="account" pt="md">
            <AccountTab
              customer={c}
              customerId={customerId}
              active={tab === 'account'}
              timeZone={tz}
              mayManage={mayAdjustCredit}
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {c ? <EditCustomerModal opened={editing} onClose={() => setEditing(false)} customer={c} /> : null}
      {c && mayAdjustCredit ? (
        <AdjustCreditModal opened={adjusting} onClose={() => setAdjusting(false)} customer={c} />
      ) : null}
    </Box>
  );
}
