import { SimpleGrid, Stack, Title } from '@mantine/core';
import { isSuperAdmin } from '@pos/shared';
import { useSessionUser } from '../../../lib/session-store';
import { AccountInfoCard } from './account-info-card';
import { ChangePasswordCard } from './change-password-card';
import { CurrencySettingsCard } from './currency-settings-card';
import { TaxSettingsCard } from './tax-settings-card';

export function SettingsPage() {
  const user = useSessionUser();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Settings
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ChangePasswordCard />
        <Stack gap="md">
          {isSuperAdmin(user) ? <TaxSettingsCard /> : null}
          {isSuperAdmin(user) ? <CurrencySettingsCard /> : null}
          <AccountInfoCard />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
