import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Group,
  LoadingOverlay,
  Modal,
  Pagination,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { type UpdateCustomerInput, updateCustomerSchema } from '@pos/shared';
import { IconArrowLeft, IconCalendar, IconEdit } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../lib/api';
import {
  useCustomer,
  useCustomerAnalytics,
  useCustomerReturns,
  useCustomerTransactions,
  useUpdateCustomer,
} from '../../../lib/api/customers.api';
import { formatDate, formatDollars } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { historyStatusColor, reasonLabel, toDay } from '../utils/format';

type DateValue = string | null;

function useRange() {
  const [start, setStart] = useState<DateValue>(null);
  const [end, setEnd] = useState<DateValue>(null);
  const [page, setPage] = useState(1);
  const params = { page, limit: 10, startDate: toDay(start), endDate: toDay(end) };
  return {
    start,
    end,
    page,
    setPage,
    params,
    setStart: (v: DateValue) => {
      setStart(v);
      setPage(1);
    },
    setEnd: (v: DateValue) => {
      setEnd(v);
      setPage(1);
    },
  };
}

function RangeFilter({ range }: { range: ReturnType<typeof useRange> }) {
  return (
    <Group gap="sm" mb="sm">
      <DatePickerInput
        label="Start Date"
        placeholder="dd/mm/yyyy"
        valueFormat="DD/MM/YYYY"
        leftSection={<IconCalendar size={16} />}
        value={range.start}
        onChange={(v) => range.setStart(v as DateValue)}
        maxDate={range.end ?? undefined}
        clearable
        w={170}
      />
      <DatePickerInput
        label="End Date"
        placeholder="dd/mm/yyyy"
        valueFormat="DD/MM/YYYY"
        leftSection={<IconCalendar size={16} />}
        value={range.end}
        onChange={(v) => range.setEnd(v as DateValue)}
        minDate={range.start ?? undefined}
        clearable
        w={170}
      />
    </Group>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
    </Card>
  );
}

export function CustomerDetailPage() {
  const { customerId = '' } = useParams();
  const navigate = useNavigate();
  const { branch } = useCurrentSelection();
  const tz = branch?.timezone;
  const customer = useCustomer(customerId);
  const analytics = useCustomerAnalytics(customerId);
  const [tab, setTab] = useState<string | null>('details');
  const txRange = useRange();
  const retRange = useRange();
  const transactions = useCustomerTransactions(customerId, txRange.params, tab === 'transactions');
  const returns = useCustomerReturns(customerId, retRange.params, tab === 'returns');
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (customer.error) {
      notifyError('Failed to fetch customer details', 'Error', 'fetch-customer');
      navigate('/dashboard/customers', { replace: true });
    }
  }, [customer.error, navigate]);
  useEffect(() => {
    if (analytics.error) console.error('Failed to fetch customer stats', analytics.error);
  }, [analytics.error]);
  useEffect(() => {
    if (transactions.error) notifyError('Failed to fetch transactions', 'Error', 'fetch-customer-transactions');
  }, [transactions.error]);
  useEffect(() => {
    if (returns.error) notifyError('Failed to fetch returns', 'Error', 'fetch-customer-returns');
  }, [returns.error]);

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

        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Stat label="Total Transactions" value={String(a?.totalTransactions ?? 0)} />
          <Stat label="Total Spent" value={formatDollars(a?.totalSpent)} />
          <Stat label="Net Spent" value={formatDollars(a?.netSpent)} />
          <Stat label="Average Transaction" value={formatDollars(a?.averageTransaction)} />
        </SimpleGrid>

        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            <Tabs.Tab value="details">Customer Details</Tabs.Tab>
            <Tabs.Tab value="transactions">Transaction History</Tabs.Tab>
            <Tabs.Tab value="returns">Return History</Tabs.Tab>
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
            <RangeFilter range={txRange} />
            <Table striped aria-label="Transaction History">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Receipt #</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Items</Table.Th>
                  <Table.Th>Payment</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(transactions.data?.data ?? []).map((t) => (
                  <Table.Tr
                    key={t.id}
                    style={{ cursor: 'pointer' }}
                    onClick={() => navigate(`/dashboard/transactions?id=${encodeURIComponent(t.id)}`)}
                  >
                    <Table.Td>{t.receiptNumber}</Table.Td>
                    <Table.Td>{formatDate(t.transactionDate, tz)}</Table.Td>
                    <Table.Td>{t.itemCount}</Table.Td>
                    <Table.Td tt="capitalize">{t.paymentMethod}</Table.Td>
                    <Table.Td ta="right">{formatDollars(t.total)}</Table.Td>
                    <Table.Td>
                      <Badge color={historyStatusColor(t.status)} variant="light">
                        {t.status}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {transactions.data && transactions.data.data.length === 0 ? (
              <Text c="dimmed" ta="center" py="md">
                No transactions found
              </Text>
            ) : null}
            {transactions.data && transactions.data.meta.totalPages > 1 ? (
              <Group justify="flex-end" mt="sm">
                <Pagination value={txRange.page} onChange={txRange.setPage} total={transactions.data.meta.totalPages} />
              </Group>
            ) : null}
          </Tabs.Panel>

          <Tabs.Panel value="returns" pt="md">
            <RangeFilter range={retRange} />
            <Table striped aria-label="Return History">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Return #</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Items</Table.Th>
                  <Table.Th ta="right">Refund</Table.Th>
                  <Table.Th ta="right">Restocking Fee</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(returns.data?.data ?? []).map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.returnNumber}</Table.Td>
                    <Table.Td>{formatDate(r.returnDate, tz)}</Table.Td>
                    <Table.Td>{r.items}</Table.Td>
                    <Table.Td ta="right">{formatDollars(r.refundAmount)}</Table.Td>
                    <Table.Td ta="right">{formatDollars(r.restockingFee)}</Table.Td>
                    <Table.Td>
                      {reasonLabel(r.reason)}
                      {r.reasonDescription ? (
                        <Text size="xs" c="dimmed">
                          {r.reasonDescription}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={historyStatusColor(r.status)} variant="light">
                        {r.status}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {returns.data && returns.data.data.length === 0 ? (
              <Text c="dimmed" ta="center" py="md">
                No returns found
              </Text>
            ) : null}
            {returns.data && returns.data.meta.totalPages > 1 ? (
              <Group justify="flex-end" mt="sm">
                <Pagination value={retRange.page} onChange={retRange.setPage} total={returns.data.meta.totalPages} />
              </Group>
            ) : null}
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {c ? <EditCustomerModal opened={editing} onClose={() => setEditing(false)} customer={c} /> : null}
    </Box>
  );
}

function EditCustomerModal({
  opened,
  onClose,
  customer,
}: {
  opened: boolean;
  onClose: () => void;
  customer: {
    id: string;
    name: string;
    phone: string;
    email: string | null;
    address: string | null;
    notes: string | null;
  };
}) {
  const update = useUpdateCustomer(customer.id);
  const [values, setValues] = useState({
    name: customer.name,
    phone: customer.phone,
    email: customer.email ?? '',
    address: customer.address ?? '',
    notes: customer.notes ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (opened) {
      setValues({
        name: customer.name,
        phone: customer.phone,
        email: customer.email ?? '',
        address: customer.address ?? '',
        notes: customer.notes ?? '',
      });
      setErrors({});
    }
  }, [opened, customer]);
  const set = (key: keyof typeof values) => (e: { currentTarget: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.currentTarget.value }));

  const submit = () => {
    const input: UpdateCustomerInput = values;
    const parsed = updateCustomerSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    update.mutate(input, {
      onSuccess: () => {
        notifySuccess('Customer updated successfully');
        onClose();
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to update customer');
        if (/phone/i.test(message)) setErrors({ phone: message });
        notifyError(message);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Edit Customer" centered>
      <Stack>
        <TextInput label="Name" required value={values.name} onChange={set('name')} error={errors.name} />
        <TextInput label="Phone" required value={values.phone} onChange={set('phone')} error={errors.phone} />
        <TextInput label="Email" value={values.email} onChange={set('email')} error={errors.email} />
        <TextInput label="Address" value={values.address} onChange={set('address')} error={errors.address} />
        <Textarea
          label="Notes"
          value={values.notes}
          onChange={set('notes')}
          error={errors.notes}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
