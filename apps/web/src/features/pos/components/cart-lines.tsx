import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { lineSubtotal } from '@pos/shared';
import { IconMinus, IconPlus, IconShoppingCartOff, IconTrash } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format';
import { useActiveCart, useCartStore } from '../store/cart-store';
import { notifyWarning, stockLimitMessage } from '../utils/notices';
import classes from './pos.module.css';

/** The active cart's lines: name, unit price, quantity with minus/plus, line total, remove. */
export function CartLines() {
  const cart = useActiveCart();
  const increment = useCartStore((s) => s.increment);
  const decrement = useCartStore((s) => s.decrement);
  const removeItem = useCartStore((s) => s.removeItem);

  if (cart.items.length === 0) {
    return (
      <Stack align="center" gap={4} py="lg" c="dimmed">
        <IconShoppingCartOff size={28} stroke={1.4} aria-hidden />
        <Text size="sm">Cart is empty</Text>
        <Text size="xs">Scan a barcode or pick a product</Text>
      </Stack>
    );
  }

  return (
    <div className={classes.cartLinesScroll}>
      <Stack gap={0} aria-label="Cart items">
        {cart.items.map((item) => {
          const atStock = item.quantity >= item.stockQuantity;
          return (
            <Group
              key={item.productId}
              wrap="nowrap"
              gap="xs"
              py={8}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="cart-line"
            >
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={500} truncate="end" title={item.name}>
                  {item.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatMoney(item.price)} each
                </Text>
              </div>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  size="sm"
                  variant="default"
                  aria-label={`Decrease quantity of ${item.name}`}
                  onClick={() => decrement(item.productId)}
                >
                  <IconMinus size={14} />
                </ActionIcon>
                <Text size="sm" fw={600} w={24} ta="center" aria-label={`${item.name} quantity`}>
                  {item.quantity}
                </Text>
                <ActionIcon
                  size="sm"
                  variant="default"
                  aria-label={`Increase quantity of ${item.name}`}
                  disabled={atStock}
                  onClick={() => {
                    if (increment(item.productId) !== 'added') {
                      notifyWarning(stockLimitMessage(item.name, item.stockQuantity), 'Stock Limit');
                    }
                  }}
                >
                  <IconPlus size={14} />
                </ActionIcon>
              </Group>
              <Text size="sm" fw={600} miw={84} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(lineSubtotal(item))}
              </Text>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label={`Remove ${item.name}`}
                onClick={() => removeItem(item.productId)}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          );
        })}
      </Stack>
    </div>
  );
}
