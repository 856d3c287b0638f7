import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagedTable } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api';
import { showingRange } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { usePagedList } from '../../../lib/use-paged-list';
import { itemsQuery } from '../api/items.api';
import { ITEMS_PATH, itemPath } from '../utils/paths';
import { ItemsAccess } from './items-access';

/** /dashboard/items: the company's catalogue, one row per item, paged and searched on the server. */
export function ItemsPage() {
  return (
    <ItemsAccess>
      <ItemsScreen />
    </ItemsAccess>
  );
}

function ItemsScreen() {
  const { company, isLoading: isSelecting } = useCurrentSelection();
  const companyId = company?.id ?? null;
  const navigate = useNavigate();
  const list = usePagedList({
    scope: companyId,
    query: ({ page, limit, search }) => itemsQuery({ companyId, page, limit, search }),
    errorToast: { id: 'fetch-items', message: (error) => errorMessage(error, 'Failed to fetch items') },
  });

  // A click anywhere on the row opens the item; the name is its link for the keyboard.
  const openRow = (id: string) => (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    navigate(itemPath(id));
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Items
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => navigate(`${ITEMS_PATH}/new`)}
          disabled={!companyId}
        >
          New item
        </Button>
      </Group>

      <Paper withBorder p="md" radius="md">
        <ListToolbar list={list} entity="items" placeholder="Search by name or SKU..." mb="md" />
        <PagedTable
          list={list}
          label="Items"
          columns={['Name', 'Category', 'Options', { label: 'Variants', ta: 'right' }]}
          row={(item) => (
            <Table.Tr key={item.id} data-testid="item-row" onClick={openRow(item.id)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <Anchor component={Link} to={itemPath(item.id)} fw={600}>
                  {item.name}
                </Anchor>
                {item.description ? (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {item.description}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{item.category?.name ?? 'Uncategorized'}</Table.Td>
              <Table.Td>
                {item.optionNames.length > 0 ? (
                  <Group gap={4}>
                    {item.optionNames.map((name) => (
                      <Badge key={name} variant="light" color="gray" tt="none">
                        {name}
                      </Badge>
                    ))}
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    None
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{item.variantCount}</Table.Td>
            </Table.Tr>
          )}
          minWidth={560}
          loading={isSelecting}
          errorText="Failed to fetch items"
          emptyText={list.isSearching ? 'No items found matching your search' : 'No items added yet'}
          summary={(range) => showingRange({ ...range, noun: 'items' })}
        />
      </Paper>
    </Stack>
  );
}
