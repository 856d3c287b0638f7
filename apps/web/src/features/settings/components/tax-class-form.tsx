import { Alert, Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  TAX_CLASS_KIND_LABELS,
  TAX_CLASS_KINDS,
  type TaxClass,
  type TaxClassKind,
  taxClassFormSchema,
} from '@pos/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api';
import { zodValidate } from '../../../lib/forms';

/** The form as its inputs hold it: NumberInput answers '' while empty. */
type Values = { name: string; kind: TaxClassKind; rate: number | string; pctCode: string };

/** What the form sends: the shared schema's output (name trimmed, an empty PCT code as none). */
export type TaxClassFields = { name: string; kind: TaxClassKind; rate: number; pctCode: string | null };

const KIND_OPTIONS = TAX_CLASS_KINDS.map((kind) => ({ value: kind, label: TAX_CLASS_KIND_LABELS[kind] }));
const FIELDS = ['name', 'kind', 'rate', 'pctCode'] as const;
const EMPTY: Values = { name: '', kind: 'standard', rate: '', pctCode: '' };

/** Exempt and zero-rated classes tax at 0 %: picking one sets the rate. */
export const taxesAtZero = (kind: TaxClassKind) => kind === 'exempt' || kind === 'zero_rated';

const valuesOf = (taxClass: TaxClass | null): Values =>
  taxClass ? { name: taxClass.name, kind: taxClass.kind, rate: taxClass.rate, pctCode: taxClass.pctCode ?? '' } : EMPTY;

type Props = {
  /** Open: 'new' for the add form, or the class being edited; null: closed. */
  editing: TaxClass | 'new' | null;
  onClose: () => void;
  onSave: (fields: TaxClassFields) => Promise<unknown>;
  isSaving: boolean;
};

/** The Add and Edit tax class dialog; a rejected save shows the server's field errors on the fields. */
export function TaxClassModal({ editing, onClose, onSave, isSaving }: Props) {
  const taxClass = editing === 'new' ? null : editing;
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({ mode: 'controlled', initialValues: EMPTY, validate: zodValidate(taxClassFormSchema) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the dialog opens on another class
  useEffect(() => {
    if (editing === null) return;
    setServerError(null);
    form.setValues(valuesOf(taxClass));
    form.resetDirty(valuesOf(taxClass));
    form.clearErrors();
  }, [editing]);

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    const { name, kind, rate, pctCode } = taxClassFormSchema.parse(values);
    try {
      await onSave({ name, kind, rate, pctCode: pctCode ?? null });
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? (error.errors ?? {}) : {};
      form.setErrors(fields);
      // An error no field shows (the company, a refusal) is shown above the fields.
      if (!FIELDS.some((field) => fields[field])) setServerError(errorMessage(error, 'Failed to save the tax class.'));
    }
  });

  const kindProps = form.getInputProps('kind');
  const atZero = taxesAtZero(form.values.kind);

  return (
    <Modal
      opened={editing !== null}
      onClose={isSaving ? () => {} : onClose}
      title={taxClass ? 'Edit Tax Class' : 'Add Tax Class'}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {serverError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {serverError}
            </Alert>
          ) : null}
          <TextInput
            label="Name"
            placeholder="e.g. Reduced rate goods"
            withAsterisk
            data-autofocus
            autoComplete="off"
            {...form.getInputProps('name')}
          />
          <Select
            label="Kind"
            data={KIND_OPTIONS}
            allowDeselect={false}
            withAsterisk
            {...kindProps}
            onChange={(value) => {
              if (!value) return;
              const kind = value as TaxClassKind;
              form.setFieldValue('kind', kind);
              if (taxesAtZero(kind)) form.setFieldValue('rate', 0);
              form.clearFieldError('rate');
            }}
          />
          <NumberInput
            label="Rate (%)"
            placeholder="e.g. 18"
            description={
              atZero
                ? 'An exempt or zero-rated class taxes at 0%'
                : form.values.kind === 'retail_price'
                  ? 'Inside the items’ prices: the customer pays the printed price'
                  : undefined
            }
            withAsterisk
            decimalScale={2}
            min={0}
            max={100}
            clampBehavior="none"
            disabled={atZero}
            {...form.getInputProps('rate')}
          />
          <TextInput
            label="PCT code"
            placeholder="0401.1000"
            description="Pakistan Customs Tariff heading for fiscal invoices (optional)"
            autoComplete="off"
            {...form.getInputProps('pctCode')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              {taxClass ? 'Save Changes' : 'Save Tax Class'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
