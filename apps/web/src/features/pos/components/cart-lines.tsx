import { ActionIcon, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { lineSubtotal } from '@pos/shared';
import { IconMinus, IconPlus, IconShoppingCartOff, IconTag, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { formatMoney } from '../../../lib/format';
import { chargedPrice, isPriceChanged, useActiveCart, useCartStore } from '../store/cart-store';
import { closeLinePrice, openLinePrice, useLinePriceProductId } from '../store/line-price';
import { notifyWarning, stockLimitMessage } from '../utils/notices';
import { LinePriceModal, MountOnFirstOpen } from './lazy-dialogs';
import type { PricedLine } from './line-price-modal';
import classes from './pos.module.css';

/** The line's "Change price" dialog, loaded when it first opens. */
function LinePriceDialog() {
  const productId = useLinePriceProductId();
  const item = useActiveCart().items.find((i) => i.productId === productId);
  const setLinePrice = useCartStore((s) => s.setLinePrice);
  // The line left the cart (sold, removed, another tab): nothing to change.
  useEffect(() => {
    if (productId !== null && !item) closeLinePrice();
  }, [productId, item]);
  const line: PricedLine | null = item
    ? {
        productId: item.productId,
        name: item.name,
        price: item.price,
        charged: chargedPrice(item),
        changed: isPriceChanged(item),
      }
    : null;
  return (
    <MountOnFirstOpen opened={line !== null} onFailed={closeLinePrice}>
      <LinePriceModal
        line={line}
        onClose={closeLinePrice}
        onApply={(price) => {
          if (item) setLinePrice(item.productId, price);
          closeLinePrice();
        }}
      />
    </MountOnFirstOpen>
  );
}

/** The active cart's lines: name, unit price (changed here: "Change price"), quantity with minus/plus, line total, remove. */
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
        <LinePriceDialog />
      </Stack>
    );
  }

  return (
    <div className={classes.cartLinesScroll}>
      <LinePriceDialog />
      <Stack gap={0} aria-label="Cart items">
        {cart.items.map((item) => {
          const atStock = item.quantity >= item.stockQuantity;
          const changed = isPriceChanged(item);
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
                <Text size="sm" fw={500} truncate="end" title={item.name} dir="auto">
                  {item.name}
                </Text>
                <Group gap={2} wrap="nowrap">
                  <Text
                    size="xs"
                    c={changed ? 'orange.9' : 'dimmed'}
                    fw={changed ? 600 : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {formatMoney(chargedPrice(item))} each
                  </Text>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={`Change price of ${item.name}`}
                    onClick={() => openLinePrice(item.productId)}
                  >
                    <IconTag size={14} />
                  </ActionIcon>
                </Group>
                {changed ? (
                  <Text size="xs" c="dimmed" td="line-through" style={{ whiteSpace: 'nowrap' }}>
                    <VisuallyHidden>was </VisuallyHidden>
                    {formatMoney(item.price)}
                  </Text>
                ) : null}
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
                {formatMoney(lineSubtotal({ price: chargedPrice(item), quantity: item.quantity }))}
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
