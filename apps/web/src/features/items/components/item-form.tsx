import { Alert, Button, Checkbox, Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { type Branch, ITEM_MSG, userCan } from '@pos/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session-store';
import { useCreateItem } from '../api/items.api';
import {
  createItemBody,
  editRow,
  emptyItemDraft,
  type FieldErrors,
  type ItemDraft,
  serverItemErrors,
  unplacedErrors,
  validateItemBody,
  variantRows,
} from '../utils/item-form';
import { ITEMS_PATH, itemPath } from '../utils/paths';
import { CategorySelect } from './category-select';
import { OptionFields } from './option-fields';
import { TaxClassSelect } from './tax-class-select';
import { UnitSelect } from './unit-select';
import { VariantGrid } from './variant-grid';

type Props = { companyId: string; branches: Branch[]; branchId: string | null };

/** Field paths whose errors a change of the options makes stale (the rows are regenerated). */
const isRowPath = (path: string) => path.startsWith('variants') || path.startsWith('options');

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The New item form: the item, its options, the generated variants, and the branches that list them. */
export function ItemForm({ companyId, branches, branchId }: Props) {
  const navigate = useNavigate();
  const withCost = userCan(useSessionUser(), 'view_cost');
  const [draft, setDraft] = useState<ItemDraft>(() => emptyItemDraft(branchId ? [branchId] : []));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateItem();
  const rows = variantRows(draft);

  // After a failed submit the focus goes to the first field in error, so a keyboard user lands on it.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const change = (patch: Partial<ItemDraft>, clear: (path: string) => boolean) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([path]) => !clear(path))));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = createItemBody(draft, companyId, withCost);
    const found = validateItemBody(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return setAttempt((n) => n + 1);
    try {
      const answer = await create.mutateAsync(body);
      notifySuccess(answer.message ?? ITEM_MSG.created);
      navigate(itemPath(answer.data.id));
    } catch (failure) {
      notifyError(errorMessage(failure, 'Failed to create the item'));
      if (isApiError(failure)) setErrors(serverItemErrors(failure, rows));
      setAttempt((n) => n + 1);
    }
  };

  const rest = unplacedErrors(errors);

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Section title="Item">
          <Stack gap="sm">
            <Group align="flex-start" wrap="wrap" gap="sm">
              <TextInput
                label="Name"
                required
                value={draft.name}
                onChange={(e) => change({ name: e.currentTarget.value }, (p) => p === 'name')}
                error={errors.name}
                style={{ flex: '2 1 260px' }}
              />
              <div style={{ flex: '1 1 220px' }}>
                <CategorySelect
                  value={draft.categoryId}
                  onChange={(categoryId) => change({ categoryId }, (p) => p === 'categoryId')}
                  error={errors.categoryId}
                />
              </div>
              <div style={{ flex: '1 1 220px' }}>
                <UnitSelect
                  value={draft.unit}
                  onChange={(unit) => change({ unit }, (p) => p === 'unit')}
                  error={errors.unit}
                />
              </div>
              <div style={{ flex: '1 1 220px' }}>
                <TaxClassSelect
                  companyId={companyId}
                  value={draft.taxClassId}
                  onChange={(taxClassId) => change({ taxClassId }, (p) => p === 'taxClassId')}
                  error={errors.taxClassId}
                />
              </div>
            </Group>
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxRows={5}
              value={draft.description}
              onChange={(e) => change({ description: e.currentTarget.value }, (p) => p === 'description')}
              error={errors.description}
            />
          </Stack>
        </Section>

        <Section title="Options">
          <OptionFields
            options={draft.options}
            onChange={(options) => change({ options }, isRowPath)}
            errors={errors}
          />
        </Section>

        <Section title={`Variants (${rows.length})`}>
          <VariantGrid
            draft={draft}
            rows={rows}
            withCost={withCost}
            errors={errors}
            onBase={(patch) => change(patch, (p) => p.startsWith('variants'))}
            onEdit={(key, field, value) => {
              setDraft((d) => editRow(d, key, field, value));
              const index = rows.findIndex((r) => r.key === key);
              setErrors((e) =>
                Object.fromEntries(Object.entries(e).filter(([p]) => p !== `variants.${index}.${field}`)),
              );
            }}
          />
        </Section>

        <Section title="Branches">
          <Checkbox.Group
            label="List the variants in"
            description="Each branch starts at stock 0 and sells at the chain price."
            value={draft.branchIds}
            onChange={(branchIds) => change({ branchIds }, (p) => p.startsWith('branchIds'))}
            error={errors.branchIds}
          >
            <Group mt="xs" gap="lg">
              {branches.map((b) => (
                <Checkbox key={b.id} value={b.id} label={b.name} />
              ))}
            </Group>
          </Checkbox.Group>
        </Section>

        {rest.length > 0 ? (
          <Alert color="red" role="alert">
            {rest.join(' ')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(ITEMS_PATH)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create item
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
