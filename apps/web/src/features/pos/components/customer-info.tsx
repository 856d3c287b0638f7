import { Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { usePhoneLookup } from '../hooks/use-phone-lookup';
import { cartAccount, cartCredit, useActiveCart, useCartStore } from '../store/cart-store';
import { AccountLine } from './account-payment';

/** The words the register shows for a customer's store credit ('Store credit PKR 45.50'). */
export const storeCreditText = (balance: number) => `Store credit ${formatMoney(balance)}`;

/**
 * Name, phone and email of the active cart's customer; the phone looks the customer up, and their store credit
 * shows under the fields when they have some (the Payment dialog then offers it), and what they owe on account
 * (with 'Receive payment').
 */
export function CustomerInfo() {
  const { branch } = useCurrentSelection();
  const cart = useActiveCart();
  const setCustomer = useCartStore((s) => s.setCustomer);
  usePhoneLookup({
    branchId: branch?.id ?? null,
    cartId: cart.id,
    phone: cart.customerPhone,
    creditPhone: cart.customerCredit?.phone ?? null,
  });
  const credit = cartCredit(cart);
  const account = cartAccount(cart);

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
      {/* Polite: read out when the lookup finds the customer's credit, without taking the focus. */}
      <div aria-live="polite">
        {credit > 0 ? (
          <Group gap={6} mt={6} wrap="nowrap" data-testid="customer-credit">
            <IconWallet size={16} aria-hidden color="var(--mantine-color-teal-8)" />
            <Text size="sm" fw={600} c="teal.9">
              {storeCreditText(credit)}
            </Text>
          </Group>
        ) : null}
        {account ? <AccountLine cartId={cart.id} account={account} /> : null}
      </div>
    </div>
  );
}
