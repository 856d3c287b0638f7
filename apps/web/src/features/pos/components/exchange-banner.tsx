import { Alert, Button, Group, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format';
import { useActiveCart, useCartStore } from '../store/cart-store';

/**
 * The active cart is the new side of an exchange: which receipt's items come back and what they pay. Payment
 * takes the rest (or gives back what is left); Cancel exchange keeps the cart as a plain sale.
 */
export function ExchangeBanner() {
  const cart = useActiveCart();
  const setExchange = useCartStore((s) => s.setExchange);
  const exchange = cart.exchange;
  if (!exchange) return null;
  return (
    <Alert
      color="violet"
      icon={<IconArrowsExchange size={18} />}
      title={`Exchange for receipt ${exchange.receiptNumber}`}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">
          The returned items pay <b>{formatMoney(exchange.credit)}</b> of the new ones.
        </Text>
        <Button size="compact-sm" variant="default" onClick={() => setExchange(null)}>
          Cancel exchange
        </Button>
      </Group>
    </Alert>
  );
}
