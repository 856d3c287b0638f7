import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Item } from '@pos/shared';
import { Link, useParams } from 'react-router';
import { ListState } from '../../../components/table-state';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useItem } from '../api/items.api';
import { ITEMS_PATH } from '../utils/paths';
import { taxClassLabel } from '../utils/tax-class';
import { ItemDetailsForm } from './item-details-form';
import { ItemsAccess } from './items-access';
import { VariantListingsTable } from './variant-listings-table';

/** /dashboard/items/:id: the item's fields, and its variants' chain prices and listings in every branch. */
export function ItemDetailPage() {
  return (
    <ItemsAccess>
      <ItemDetailScreen />
    </ItemsAccess>
  );
}

/** The company's branches as columns, with any branch a listing names that the selection does not hold. */
function branchColumns(item: Item, branches: { id: string; name: string }[]) {
  const columns = branches.map((b) => ({ id: b.id, name: b.name }));
  for (const listing of item.variants.flatMap((v) => v.listings)) {
    if (!columns.some((c) => c.id === listing.branch.id)) columns.push(listing.branch);
  }
  return columns;
}

function ItemDetailScreen() {
  const { id = '' } = useParams();
  const { branches } = useCurrentSelection();
  const query = useItem(id);
  const item = query.data?.data;

  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} to={ITEMS_PATH} size="sm">
        Items
      </Anchor>
      {item ? <Text size="sm">{item.name}</Text> : null}
    </Breadcrumbs>
  );

  if (!item) {
    return (
      <Stack gap="md">
        {crumbs}
        <Title order={1} size="h2">
          Item
        </Title>
        <ListState loading={query.isPending} failed={query.isError} errorText="Item not found" emptyText="" />
        <Button variant="default" component={Link} to={ITEMS_PATH} w="fit-content">
          Back to Items
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {crumbs}
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {item.name}
        </Title>
        <Text size="sm" c="dimmed">
          {item.variantCount} {item.variantCount === 1 ? 'variant' : 'variants'} · Tax: {taxClassLabel(item.taxClass)}
        </Text>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          Details
        </Title>
        <ItemDetailsForm
          key={`${item.name}|${item.description}|${item.category?.id}|${item.unit}|${item.taxClass?.id}`}
          item={item}
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4">
          Prices by branch
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          A branch sells at the chain price unless it has its own price (an override). Type a price and press Enter to
          save it.
        </Text>
        <VariantListingsTable item={item} branches={branchColumns(item, branches)} />
      </Paper>
    </Stack>
  );
}
