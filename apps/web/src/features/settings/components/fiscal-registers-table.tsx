import { Stack, Text, Title } from '@mantine/core';
import type { FiscalSettings } from '@pos/shared';
import { PagedTable } from '../../../components/paged-table';
import { useLocalPages } from '../../../lib/use-paged-list';
import { FiscalRegisterRow } from './fiscal-register-row';
import classes from './fiscal-registers.module.css';

const PAGE_SIZE = 5;

/** The branch's registers, each with its own POS registration and Save (the answer holds them all: paged here). */
export function FiscalRegistersTable({ settings }: { settings: FiscalSettings }) {
  const list = useLocalPages(settings.registers, { pageSize: PAGE_SIZE, isLoading: false });
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Registers
      </Title>
      <Text size="sm" c="dimmed">
        Each register reports under its own POS ID; its POS ID and token are saved together.
      </Text>
      <div className={classes.registers}>
        <PagedTable
          list={list}
          label="Registers' POS registrations"
          columns={['Register', 'POS ID', 'Token', { label: 'Save', w: 70, ta: 'right' }]}
          row={(register) => (
            <FiscalRegisterRow key={register.registerId} branchId={settings.branchId} register={register} />
          )}
          emptyText="No registers at this branch yet: a register is added when it is first opened here."
          summary={({ total }) => `${total} ${total === 1 ? 'register' : 'registers'}`}
        />
      </div>
    </Stack>
  );
}
