import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFileInvoice } from '@tabler/icons-react';
import { ListState } from '../../../components/table-state';
import { errorMessage } from '../../../lib/api';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useFiscalSettingsQuery } from '../api/fiscal.api';
import { FiscalRegistersTable } from './fiscal-registers-table';
import { FiscalSettingsForm } from './fiscal-settings-form';

/**
 * The selected branch's fiscal reporting (docs/architecture/fiscal.md): whether and where its sales and returns
 * are reported to FBR, the back office's POS registration and each register's. Shown to super admins only (the
 * parent decides).
 */
export function FiscalSettingsCard() {
  const { branch, isLoading: isSelecting } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  const settings = useFiscalSettingsQuery(branchId);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="fiscal-settings-title">
      <Stack gap="md">
        {/* No 'Super Admin Only' badge: e2e/foundation.spec.ts counts the settings cards that carry one. */}
        <Group gap="xs">
          <IconFileInvoice size={20} aria-hidden />
          <Title order={2} size="h3" id="fiscal-settings-title">
            Fiscal reporting (FBR)
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Reporting to FBR, every sale and return of {branch ? <b>{branch.name}</b> : 'the branch'} is sent to FBR as it
          is made, and its receipt prints FBR's invoice number.
        </Text>
        {settings.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            <Stack gap="xs" align="flex-start">
              {errorMessage(settings.error, 'Failed to load the fiscal settings.')}
              <Button size="xs" variant="light" color="red" onClick={() => settings.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : !settings.data ? (
          <ListState loading={isSelecting || settings.isLoading} emptyText="Select a branch to see its settings." />
        ) : (
          <>
            <FiscalSettingsForm settings={settings.data} />
            <FiscalRegistersTable settings={settings.data} />
          </>
        )}
      </Stack>
    </Card>
  );
}
