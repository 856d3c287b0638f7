import { Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { type DiscountType, fromMinor, showsTaxByRate, taxRateLabel } from '@pos/shared';
import { useId } from 'react';
import { formatMoney } from '../../../lib/format';
import { cartTotals, useActiveCart, useCartStore } from '../store/cart-store';
import { exchangeFigures } from '../store/exchange';
import { NumberField } from './number-field';

/** A figure as an output named by its visible label; only the total is announced as it changes. */
function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  const labelId = useId();
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'} id={labelId}>
        {label}
      </Text>
      <Text
        component="output"
        size={strong ? 'lg' : 'sm'}
        fw={strong ? 700 : 500}
        aria-labelledby={labelId}
        aria-live={strong ? 'polite' : 'off'}
      >
        {value}
      </Text>
    </Group>
  );
}

/** The cart's total, beside Payment at the top of the cart. */
export function CartTotal() {
  const cart = useActiveCart();
  const totals = cartTotals(cart);
  const exchange = exchangeFigures(cart);
  if (!exchange) return <Row label="Total" value={formatMoney(totals.total)} strong />;
  // An exchange: the returned items pay part of it; what is due (or goes back) is what Payment settles.
  return (
    <Stack gap={2}>
      <Row label="Total" value={formatMoney(totals.total)} />
      <Row label="Returned items" value={`−${formatMoney(exchange.applied)}`} />
      {exchange.back > 0 ? (
        <Row label="To give back" value={formatMoney(exchange.back)} strong />
      ) : (
        <Row label="Due" value={formatMoney(exchange.due)} strong />
      )}
    </Stack>
  );
}

/** Subtotal, the editable tax percent, the discount type and value, the discount and tax amounts, total. */
export function CartSummary() {
  const cart = useActiveCart();
  const setTaxRate = useCartStore((s) => s.setTaxRate);
  const setDiscountType = useCartStore((s) => s.setDiscountType);
  const setDiscountValue = useCartStore((s) => s.setDiscountValue);
  const totals = cartTotals(cart);
  const isPercent = cart.discountType === 'percentage';

  return (
    <Stack gap={8}>
      <Row label="Subtotal" value={formatMoney(totals.subtotal)} />
      <SimpleGrid cols={2} spacing="xs">
        <NumberField
          size="xs"
          label="Tax (%)"
          min={0}
          max={100}
          step={0.1}
          decimalScale={2}
          clampBehavior="strict"
          allowNegative={false}
          value={cart.taxRate}
          onCommit={setTaxRate}
        />
        <Stack gap={4}>
          <Text size="xs" fw={500} id="pos-discount-type-label">
            Discount type
          </Text>
          <SegmentedControl
            size="xs"
            fullWidth
            aria-labelledby="pos-discount-type-label"
            value={cart.discountType}
            onChange={(value) => setDiscountType(value as DiscountType)}
            data={[
              { value: 'percentage', label: 'Percentage' },
              { value: 'amount', label: 'Amount' },
            ]}
          />
        </Stack>
      </SimpleGrid>
      <NumberField
        // A new field per type: the old type's text must not linger.
        key={cart.discountType}
        size="xs"
        label={isPercent ? 'Discount (%)' : 'Discount (PKR)'}
        min={0}
        max={isPercent ? 100 : totals.subtotal}
        step={isPercent ? 1 : 0.01}
        decimalScale={isPercent ? 0 : 2}
        allowDecimal={!isPercent}
        clampBehavior="strict"
        allowNegative={false}
        value={cart.discountValue}
        onCommit={setDiscountValue}
      />
      {totals.discountAmount > 0 ? <Row label="Discount" value={`- ${formatMoney(totals.discountAmount)}`} /> : null}
      {showsTaxByRate(totals.taxes) ? (
        // Items of several tax classes, or priced with their tax inside: the tax by rate, as the receipt prints it.
        totals.taxes.map((group) => (
          <Row
            key={`${group.rate}:${group.included}`}
            label={`Tax ${taxRateLabel(group)} on ${formatMoney(fromMinor(group.taxable))}`}
            value={formatMoney(fromMinor(group.tax))}
          />
        ))
      ) : (
        <Row label={`Tax (${totals.taxes[0]?.rate ?? cart.taxRate}%)`} value={formatMoney(totals.tax)} />
      )}
      {totals.serviceFee > 0 ? <Row label="POS service fee (FBR)" value={formatMoney(totals.serviceFee)} /> : null}
    </Stack>
  );
}
