import { Stack, Tabs, Text, Title } from '@mantine/core';
import { userCan } from '@pos/shared';
import { AccessDenied } from '../../../components/access-denied';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { CopyPanel } from './copy-panel';
import { ImportPanel } from './import-panel';

/** /dashboard/import: CSV import of products and customers, and copying a catalogue (Manager, Super Admin). */
export function ImportPage() {
  const me = useSessionUser();
  const { branch } = useCurrentSelection();
  if (!userCan(me, 'adjust_stock')) {
    return (
      <AccessDenied message="You don't have permission to access this page. Only managers and administrators can import data." />
    );
  }
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Import
      </Title>
      <Text c="dimmed" size="sm">
        Into {branch ? <strong>{branch.name}</strong> : 'the selected branch'}. Every file is checked first (preview);
        nothing is written until you import it: all its rows, or, when some have errors, its good rows only.
      </Text>
      <Tabs defaultValue="products" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="products">Products</Tabs.Tab>
          <Tabs.Tab value="customers">Customers</Tabs.Tab>
          <Tabs.Tab value="copy">Copy from a branch</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="products" pt="md">
          {branch && <ImportPanel kind="products" branchId={branch.id} />}
        </Tabs.Panel>
        <Tabs.Panel value="customers" pt="md">
          {branch && <ImportPanel kind="customers" branchId={branch.id} />}
        </Tabs.Panel>
        <Tabs.Panel value="copy" pt="md">
          {branch && <CopyPanel toBranchId={branch.id} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
