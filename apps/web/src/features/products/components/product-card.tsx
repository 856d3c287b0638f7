import { ActionIcon, Badge, Card, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Product } from '@pos/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format';

/** Stock level colours (spec 02, section 4): low red, overstock orange, otherwise green. */
export function stockColor({ stockQuantity, lowStockThreshold, maxStock }: Product): string {
  if (stockQuantity <= lowStockThreshold) return 'red';
  if (stockQuantity >= maxStock) return 'orange';
  return 'green';
}

export function ProductCard({
  product,
  showCost,
  onEdit,
  onDelete,
  labelPicked,
  onToggleLabel,
}: {
  product: Product;
  showCost: boolean;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
  /** Picked for barcode labels (products with a SKU only). */
  labelPicked?: boolean;
  onToggleLabel?: (product: Product) => void;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="product-card" h="100%">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={8} wrap="nowrap" align="flex-start">
              {onToggleLabel && product.sku ? (
                <Checkbox
                  mt={3}
                  checked={Boolean(labelPicked)}
                  onChange={() => onToggleLabel(product)}
                  aria-label={`Select ${product.name} for labels`}
                />
              ) : null}
              <Text fw={600} lineClamp={2}>
                {product.name}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              SKU: {product.sku || '—'}
            </Text>
          </Stack>
          <Badge color={stockColor(product)} variant="light" tt="none" style={{ flexShrink: 0 }}>
            Stock: {product.stockQuantity.toLocaleString('en-US')}
          </Badge>
        </Group>

        <Group gap={6}>
          <Badge variant="outline" color="blue" size="sm" tt="none">
            {product.category?.name ?? 'Uncategorized'}
          </Badge>
          <Badge variant="outline" color="grape" size="sm" tt="none">
            {product.brand?.name ?? 'No brand'}
          </Badge>
        </Group>

        {product.description ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {product.description}
          </Text>
        ) : null}

        <Group justify="space-between" align="flex-end" mt="auto" wrap="nowrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Selling Price
            </Text>
            <Text fw={700} c="blue">
              {formatMoney(product.price)}
            </Text>
            {showCost && product.cost !== undefined ? (
              <Text size="xs" c="dimmed">
                Buying Price: {formatMoney(product.cost)}
              </Text>
            ) : null}
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Edit">
              <ActionIcon variant="light" aria-label={`Edit ${product.name}`} onClick={() => onEdit(product)}>
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon
                variant="light"
                color="red"
                aria-label={`Delete ${product.name}`}
                onClick={() => onDelete(product)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
