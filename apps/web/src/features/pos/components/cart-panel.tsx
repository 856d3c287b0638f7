import { Button, Group, Paper, Stack } from '@mantine/core';
import { IconCash, IconPrinter, IconTag } from '@tabler/icons-react';
import { useCustomerDisplay } from '../hooks/use-customer-display';
import { CartLines } from './cart-lines';
import { CartSummary, CartTotal } from './cart-summary';
import { CartTabs } from './cart-tabs';
import { CustomerDisplayButton } from './customer-display-button';
import { CustomerInfo } from './customer-info';
import { ExchangeBanner } from './exchange-banner';
import { ReturnButton } from './register-return';

type CartPanelProps = {
  isEmpty: boolean;
  onPayment: () => void;
  /** Another cart tab was chosen. */
  onCartChange: () => void;
  onPriceCheck: () => void;
  printerTest: { isTesting: boolean; test: () => Promise<unknown> };
};

/** The register's cart column: total and Payment, the cart tabs, customer, lines, summary and tools. */
export function CartPanel({ isEmpty, onPayment, onCartChange, onPriceCheck, printerTest }: CartPanelProps) {
  // The customer display (its own window) follows the cart while the register is open.
  useCustomerDisplay();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        {/* Total and Payment first: the next Tab stop after the tiles, and on a phone right below them. */}
        <Stack gap="xs">
          <CartTotal />
          <Button size="lg" leftSection={<IconCash size={20} />} disabled={isEmpty} onClick={onPayment}>
            Payment
          </Button>
        </Stack>
        <CartTabs onChange={onCartChange} />
        <ExchangeBanner />
        <CustomerInfo />
        <CartLines />
        <CartSummary />
        <ReturnButton />
        <Group grow gap="xs">
          <Button variant="default" leftSection={<IconTag size={16} />} onClick={onPriceCheck}>
            Price Check
          </Button>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            loading={printerTest.isTesting}
            onClick={() => void printerTest.test()}
          >
            Test Printer
          </Button>
        </Group>
        <CustomerDisplayButton />
      </Stack>
    </Paper>
  );
}
