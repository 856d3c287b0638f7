import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { ITEM_MSG, type Item, type Unit, updateItemSchema } from '@pos/shared';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateItem } from '../api/items.api';
import type { FieldErrors } from '../utils/item-form';
import { optionSummary } from '../utils/listings';
import { CategorySelect } from './category-select';
import { TaxClassSelect } from './tax-class-select';
import { UnitSelect } from './unit-select';

type Fields = { name: string; description: string; categoryId: string | null; unit: Unit; taxClassId: string | null };

const fieldsOf = (item: Item): Fields => ({
  name: item.name,
  description: item.description ?? '',
  categoryId: item.category?.id ?? null,
  unit: item.unit,
  taxClassId: item.taxClass?.id ?? null,
});

/**
 * The item's own fields, changed in place (PATCH /items/{id}): a new name renames its variants everywhere, a new
 * tax class retaxes its listings in every branch. The page mounts it again when the saved fields change.
 */
export function ItemDetailsForm({ item }: { item: Item }) {
  const saved = fieldsOf(item);
  const [fields, setFields] = useState<Fields>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateItem();
  const changed = JSON.stringify(fields) !== JSON.stringify(saved);

  const set = (patch: Partial<Fields>) => {
    setFields((f) => ({ ...f, ...patch }));
    setErrors({});
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      name: fields.name,
      description: fields.description.trim() || null,
      categoryId: fields.categoryId,
      unit: fields.unit,
      taxClassId: fields.taxClassId,
    };
    const parsed = updateItemSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    try {
      const answer = await update.mutateAsync({ id: item.id, body });
      notifySuccess(answer.message ?? ITEM_MSG.updated);
    } catch (failure) {
      notifyError(errorMessage(failure, 'Failed to save the item'));
      if (isApiError(failure)) setErrors(failure.errors ?? {});
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-start" wrap="wrap" gap="sm">
          <TextInput
            label="Name"
            required
            value={fields.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errors.name}
            style={{ flex: '2 1 260px' }}
          />
          <div style={{ flex: '1 1 220px' }}>
            <CategorySelect
              value={fields.categoryId}
              selected={item.category}
              onChange={(categoryId) => set({ categoryId })}
              error={errors.categoryId}
            />
          </div>
          <div style={{ flex: '1 1 220px' }}>
            <UnitSelect value={fields.unit} onChange={(unit) => set({ unit })} error={errors.unit} />
          </div>
          <div style={{ flex: '1 1 220px' }}>
            <TaxClassSelect
              companyId={item.companyId}
              value={fields.taxClassId}
              selected={item.taxClass}
              onChange={(taxClassId) => set({ taxClassId })}
              error={errors.taxClassId}
            />
          </div>
        </Group>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={5}
          value={fields.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          error={errors.description}
        />
        <Group justify="space-between" align="center" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="item-options">
            {optionSummary(item)}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={() => set(saved)} disabled={!changed || update.isPending}>
              Reset
            </Button>
            <Button type="submit" disabled={!changed} loading={update.isPending}>
              Save item
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
