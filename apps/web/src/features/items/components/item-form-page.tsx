import { Anchor, Breadcrumbs, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ListState } from '../../../components/table-state';
import { useCurrentSelection } from '../../../lib/selection-context';
import { ITEMS_PATH } from '../utils/paths';
import { ItemForm } from './item-form';
import { ItemsAccess } from './items-access';

/** /dashboard/items/new: a new item of the company selected in the header. */
export function ItemFormPage() {
  const { company, branch, branches, isLoading } = useCurrentSelection();
  return (
    <ItemsAccess>
      <Stack gap="md">
        <Breadcrumbs>
          <Anchor component={Link} to={ITEMS_PATH} size="sm">
            Items
          </Anchor>
        </Breadcrumbs>
        <Title order={1} size="h2">
          New item
        </Title>
        {isLoading || !company ? (
          <ListState loading={isLoading} emptyText="Choose a company first" />
        ) : (
          <ItemForm key={company.id} companyId={company.id} branches={branches} branchId={branch?.id ?? null} />
        )}
      </Stack>
    </ItemsAccess>
  );
}
