import { ActionIcon, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { allowsDecimals, formatQuantity, lineSubtotal } from '@pos/shared';
import { IconMinus, IconPencil, IconPlus, IconShoppingCartOff, IconTag, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { formatMoney } from '../../../lib/format';
import {
  type CartItem,
  chargedPrice,
  isPriceChanged,
  lineKey,
  quantityInCart,
  useActiveCart,
  useCartStore,
} from '../store/cart-store';
import { closeLinePrice, openLinePrice, useLinePriceKey } from '../store/line-price';
import { askWeight } from '../store/weight-entry';
import { notifyWarning, stockLimitMessage } from '../utils/notices';
import { measureOf, pricePer } from '../utils/units';
import { LinePriceModal, MountOnFirstOpen } from './lazy-dialogs';
import type { PricedLine } from './line-price-modal';
import classes from './pos.module.css';

/** The line's "Change price" dialog, loaded when it first opens. */
function LinePriceDialog() {
  const key = useLinePriceKey();
  const item = useActiveCart().items.find((i) => lineKey(i) === key);
  const setLinePrice = useCartStore((s) => s.setLinePrice);
  // The line left the cart (sold, removed, another tab): nothing to change.
  useEffect(() => {
    if (key !== null && !item) closeLinePrice();
  }, [key, item]);
  const line: PricedLine | null = item
    ? {
        key: lineKey(item),
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
          if (item) setLinePrice(lineKey(item), price);
          closeLinePrice();
        }}
      />
    </MountOnFirstOpen>
  );
}

/** A line of a product sold by weight (kg, L, m): its quantity ("0.750 kg"), changed in the weight dialog. */
function WeighedQuantity({ item }: { item: CartItem }) {
  const measure = measureOf(item.unit).toLowerCase();
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" fw={600} ta="right" style={{ whiteSpace: 'nowrap' }} aria-label={`${item.name} quantity`}>
        {formatQuantity(item.quantity, item.unit)}
      </Text>
      <ActionIcon
        size="sm"
        variant="default"
        aria-label={`Change ${measure} of ${item.name}`}
        onClick={() =>
          askWeight({
            product: {
              id: item.productId,
              name: item.name,
              sku: item.sku,
              price: item.price,
              stockQuantity: item.stockQuantity,
              unit: item.unit,
            },
            lineKey: lineKey(item),
            quantity: item.quantity,
          })
        }
      >
        <IconPencil size={14} />
      </ActionIcon>
    </Group>
  );
}

/**
 * The active cart's lines: name, unit price (changed here: "Change price"), quantity with minus/plus (a
 * weight: its own dialog), line total, remove.
 */
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
          const key = lineKey(item);
          const atStock = quantityInCart(cart.items, item.productId) >= item.stockQuantity;
          const changed = isPriceChanged(item);
          return (
            <Group
              key={key}
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
                    {pricePer(chargedPrice(item), item.unit)}
                  </Text>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={`Change price of ${item.name}`}
                    onClick={() => openLinePrice(key)}
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
              {allowsDecimals(item.unit) ? (
                <WeighedQuantity item={item} />
              ) : (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    size="sm"
                    variant="default"
                    aria-label={`Decrease quantity of ${item.name}`}
                    onClick={() => decrement(key)}
                  >
                    <IconMinus size={14} />
                  </ActionIcon>
                  <Text size="sm" fw={600} miw={24} ta="center" aria-label={`${item.name} quantity`}>
                    {formatQuantity(item.quantity, item.unit)}
                  </Text>
                  <ActionIcon
                    size="sm"
                    variant="default"
                    aria-label={`Increase quantity of ${item.name}`}
                    disabled={atStock}
                    onClick={() => {
                      if (increment(key) !== 'added') {
                        notifyWarning(stockLimitMessage(item.name, item.stockQuantity, item.unit), 'Stock Limit');
                      }
                    }}
                  >
                    <IconPlus size={14} />
                  </ActionIcon>
                </Group>
              )}
              <Text size="sm" fw={600} miw={84} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(lineSubtotal({ price: chargedPrice(item), quantity: item.quantity }))}
              </Text>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label={`Remove ${item.name}`}
                onClick={() => removeItem(key)}
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
