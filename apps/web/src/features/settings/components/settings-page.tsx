import { SimpleGrid, Stack, Title } from '@mantine/core';
import { isSuperAdmin, userCan } from '@pos/shared';
import { useSessionUser } from '../../../lib/session-store';
import { AccountInfoCard } from './account-info-card';
import { ApprovalPinCard } from './approval-pin-card';
import { ChangePasswordCard } from './change-password-card';
import { CurrencySettingsCard } from './currency-settings-card';
import { FiscalSettingsCard } from './fiscal-settings-card';
import { RegisterRulesCard } from './register-rules-card';
import { ScaleLabelsCard } from './scale-labels-card';
import { TaxClassesCard } from './tax-classes-card';
import { TaxRegistrationCard } from './tax-registration-card';
import { TaxSettingsCard } from './tax-settings-card';

export function SettingsPage() {
  const user = useSessionUser();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Settings
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack gap="md">
          <ChangePasswordCard />
          {userCan(user, 'manage_register_rules') ? <ApprovalPinCard /> : null}
          {isSuperAdmin(user) ? <TaxClassesCard /> : null}
          {isSuperAdmin(user) ? <FiscalSettingsCard /> : null}
        </Stack>
        <Stack gap="md">
          {userCan(user, 'manage_register_rules') ? <RegisterRulesCard /> : null}
          {isSuperAdmin(user) ? <TaxSettingsCard /> : null}
          {isSuperAdmin(user) ? <CurrencySettingsCard /> : null}
          {isSuperAdmin(user) ? <TaxRegistrationCard /> : null}
          {isSuperAdmin(user) ? <ScaleLabelsCard /> : null}
          <AccountInfoCard />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
