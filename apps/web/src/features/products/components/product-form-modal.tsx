import { Button, Grid, Group, Modal, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Product } from '@pos/shared';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api';
import { getDisplayCurrency } from '../../../lib/format';
import { zodValidate } from '../../../lib/forms';
import type { PickerItem } from '../utils/picker-options';
import {
  emptyProductForm,
  formForValidation,
  type ProductFormState,
  productSchemaFor,
  productToForm,
} from '../utils/product-form';
import { RemotePicker } from './remote-picker';

export type ProductFormModalProps = {
  opened: boolean;
  /** The product being edited; null adds a new one. */
  product: Product | null;
  isCashier: boolean;
  branchId: string | null;
  isSaving: boolean;
  onClose: () => void;
  onSubmit: (values: ProductFormState) => Promise<unknown>;
};

/** Field errors of a rejected save: the server's map, or its message on the SKU for a duplicate SKU. */
function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  if (error.errors && Object.keys(error.errors).length > 0) return error.errors;
  if (error.status === 409 && /sku/i.test(error.message)) return { sku: error.message };
  return {};
}

// The amount fields show the company's currency code, as every amount does (lib/format.ts).
const priceProps = () => ({
  decimalScale: 2,
  fixedDecimalScale: true,
  min: 0,
  thousandSeparator: ',',
  prefix: `${getDisplayCurrency()} `,
});

/** The 'Add Product' / 'Edit Product' modal. A cashier's form has no buying price at all. */
export function ProductFormModal({
  opened,
  product,
  isCashier,
  branchId,
  isSaving,
  onClose,
  onSubmit,
}: ProductFormModalProps) {
  const schema = productSchemaFor({ isCashier, isEdit: Boolean(product) });
  const validate = zodValidate(schema);
  const form = useForm<ProductFormState>({
    initialValues: emptyProductForm,
    validate: (values) => validate(formForValidation(values)),
  });
  const [category, setCategory] = useState<PickerItem | null>(null);
  const [brand, setBrand] = useState<PickerItem | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refill when the modal opens for a product
  useEffect(() => {
    if (!opened) return;
    const values = product ? productToForm(product) : emptyProductForm;
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setCategory(product?.category ?? null);
    setBrand(product?.brand ?? null);
  }, [opened, product]);

  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
    }
  });

  const isEdit = product !== null;

  return (
    <Modal
      opened={opened}
      onClose={isSaving ? () => {} : onClose}
      title={isEdit ? 'Edit Product' : 'Add Product'}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Product Name"
                withAsterisk
                placeholder="Enter product name"
                data-autofocus
                {...form.getInputProps('name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="SKU" placeholder="e.g. BEV-001" {...form.getInputProps('sku')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <RemotePicker
                source="categories"
                branchId={branchId}
                label="Category"
                placeholder="Search categories"
                nothingFound="No categories found"
                value={form.values.categoryId}
                selected={category}
                onChange={(item) => {
                  setCategory(item);
                  form.setFieldValue('categoryId', item?.id ?? null);
                }}
                error={form.errors.categoryId}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <RemotePicker
                source="brands"
                branchId={branchId}
                label="Brand"
                placeholder="Search brands"
                nothingFound="No brands found"
                value={form.values.brandId}
                selected={brand}
                onChange={(item) => {
                  setBrand(item);
                  form.setFieldValue('brandId', item?.id ?? null);
                }}
                error={form.errors.brandId}
              />
            </Grid.Col>
            {isCashier ? null : (
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <NumberInput
                  label="Buying Price"
                  placeholder="0.00"
                  withAsterisk
                  {...priceProps()}
                  {...form.getInputProps('cost')}
                />
              </Grid.Col>
            )}
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NumberInput
                label="Selling Price"
                placeholder="0.00"
                withAsterisk
                {...priceProps()}
                {...form.getInputProps('price')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NumberInput
                label="Stock Quantity"
                min={0}
                allowDecimal={false}
                // An edit shows the stock as it is: below 0 after offline sales beyond it (read-only there).
                allowNegative={isEdit}
                thousandSeparator=","
                disabled={isEdit}
                description={isEdit ? 'Change stock with a stock adjustment in Inventory' : undefined}
                {...form.getInputProps('stockQuantity')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea
                label="Description"
                placeholder="Enter product description (optional)"
                autosize
                minRows={2}
                maxRows={5}
                {...form.getInputProps('description')}
              />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              {isEdit ? 'Update Product' : 'Add Product'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
