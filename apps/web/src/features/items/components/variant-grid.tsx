import { Alert, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { ITEM_MSG, ITEM_VARIANTS_MAX } from '@pos/shared';
import { moneyInputProps, STICKY_CELL, STICKY_SCROLL } from '../utils/inputs';
import type { FieldErrors, ItemDraft, VariantEdit, VariantRow } from '../utils/item-form';

type Props = {
  draft: ItemDraft;
  rows: VariantRow[];
  withCost: boolean;
  errors: FieldErrors;
  /** A base field changed: every row that was not changed by hand follows it. */
  onBase: (patch: Partial<Pick<ItemDraft, 'sku' | 'price' | 'cost'>>) => void;
  onEdit: (key: string, field: keyof VariantEdit, value: string | number) => void;
};

/**
 * The generated variants: one row per combination of the option values. The base SKU, price and cost fill the
 * rows; a row changed by hand keeps its own.
 */
export function VariantGrid({ draft, rows, withCost, errors, onBase, onEdit }: Props) {
  const tooMany = rows.length > ITEM_VARIANTS_MAX;
  return (
    <Stack gap="md">
      <Group align="flex-start" wrap="wrap" gap="sm">
        <TextInput
          label="Base SKU"
          description="Each variant's SKU is this and its values: TEE-M"
          placeholder="TEE"
          value={draft.sku}
          onChange={(e) => onBase({ sku: e.currentTarget.value })}
          style={{ flex: '1 1 200px' }}
        />
        <NumberInput
          label="Price"
          description="The chain price of every variant"
          placeholder="0.00"
          {...moneyInputProps()}
          value={draft.price}
          onChange={(price) => onBase({ price })}
          style={{ flex: '1 1 160px' }}
        />
        {withCost ? (
          <NumberInput
            label="Cost"
            description="What a new listing starts from"
            placeholder="0.00"
            {...moneyInputProps()}
            value={draft.cost}
            onChange={(cost) => onBase({ cost })}
            style={{ flex: '1 1 160px' }}
          />
        ) : null}
      </Group>
      {errors.variants ? (
        <Alert color="red" role="alert">
          {errors.variants}
        </Alert>
      ) : null}
      {tooMany ? (
        <Alert color="red" role="alert">
          {ITEM_MSG.variantsMax}: these options make {rows.length}.
        </Alert>
      ) : (
        <Table.ScrollContainer type="native" style={STICKY_SCROLL} minWidth={withCost ? 620 : 460}>
          <Table verticalSpacing="xs" aria-label="Variants" withColumnBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={STICKY_CELL}>Variant</Table.Th>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Price</Table.Th>
                {withCost ? <Table.Th>Cost</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={row.key} data-testid="variant-row">
                  <Table.Th scope="row" style={STICKY_CELL} fw={500}>
                    <Text size="sm" fw={600}>
                      {row.name}
                    </Text>
                    {errors[`variants.${index}.optionValues`] ? (
                      <Text size="xs" c="red">
                        {errors[`variants.${index}.optionValues`]}
                      </Text>
                    ) : null}
                  </Table.Th>
                  <Table.Td>
                    <TextInput
                      aria-label={`SKU of ${row.name}`}
                      value={row.sku}
                      onChange={(e) => onEdit(row.key, 'sku', e.currentTarget.value)}
                      error={errors[`variants.${index}.sku`]}
                      miw={140}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Price of ${row.name}`}
                      {...moneyInputProps()}
                      value={row.price}
                      onChange={(v) => onEdit(row.key, 'price', v)}
                      error={errors[`variants.${index}.price`]}
                      miw={130}
                    />
                  </Table.Td>
                  {withCost ? (
                    <Table.Td>
                      <NumberInput
                        aria-label={`Cost of ${row.name}`}
                        {...moneyInputProps()}
                        value={row.cost}
                        onChange={(v) => onEdit(row.key, 'cost', v)}
                        error={errors[`variants.${index}.cost`]}
                        miw={130}
                      />
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
