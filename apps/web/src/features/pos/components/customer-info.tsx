import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { useCurrentSelection } from '../../../lib/selection-context';
import { usePhoneLookup } from '../hooks/use-phone-lookup';
import { useActiveCart, useCartStore } from '../store/cart-store';

/** Name, phone and email of the active cart's customer; the phone looks the customer up. */
export function CustomerInfo() {
  const { branch } = useCurrentSelection();
  const cart = useActiveCart();
  const setCustomer = useCartStore((s) => s.setCustomer);
  usePhoneLookup({ branchId: branch?.id ?? null, cartId: cart.id, phone: cart.customerPhone });

  return (
    <div>
      <Text size="sm" fw={600} mb={6}>
        Customer
      </Text>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
        <TextInput
          size="xs"
          label="Phone"
          placeholder="03xx xxxxxxx"
          type="tel"
          autoComplete="off"
          value={cart.customerPhone}
          onChange={(e) => setCustomer({ customerPhone: e.currentTarget.value })}
        />
        <TextInput
          size="xs"
          label="Customer Name"
          placeholder="Walk-in Customer"
          autoComplete="off"
          value={cart.customerName}
          onChange={(e) => setCustomer({ customerName: e.currentTarget.value })}
        />
        <TextInput
          style={{ gridColumn: '1 / -1' }}
          size="xs"
          label="Email"
          placeholder="Optional"
          type="email"
          autoComplete="off"
          value={cart.customerEmail}
          onChange={(e) => setCustomer({ customerEmail: e.currentTarget.value })}
        />
      </SimpleGrid>
    </div>
  );
}
