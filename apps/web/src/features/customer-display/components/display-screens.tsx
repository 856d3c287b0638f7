import { formatQuantity, fromMinor, taxRateLabel, toMinor } from '@pos/shared';
import type { DisplayCart, DisplayPayment, DisplayScreen } from '../../../lib/customer-display';
import { formatMoney } from '../../../lib/format';
import { textLangProps } from '../../../lib/text-direction';
import classes from './customer-display.module.css';

export const DISPLAY_TEXT = {
  welcome: 'Welcome',
  idleHint: 'Your items will show here.',
  items: 'Your items',
  subtotal: 'Subtotal',
  discount: 'Discount',
  tax: (group: { rate: number; included?: boolean }) => `Tax (${taxRateLabel(group)})`,
  total: 'Total',
  returned: 'Returned items',
  due: 'Due',
  giveBack: 'To give back',
  tendered: 'Amount tendered',
  change: 'Change',
  stillToPay: 'Still to pay',
  payment: 'Payment',
  card: 'Card',
  storeCredit: 'Store credit',
  voucher: 'Gift voucher',
  thanks: 'Thank you!',
  paid: 'Paid',
  yourChange: 'Your change',
  paidByCard: 'Paid by card',
  paidByCredit: 'Paid with store credit',
  paidByVoucher: 'Paid with a gift voucher',
  comeAgain: 'Please come again.',
} as const;

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={className ? `${classes.figure} ${className}` : classes.figure}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function IdleScreen({ shop }: { shop: string }) {
  return (
    <div className={classes.centered}>
      <h1 className={classes.hero}>{DISPLAY_TEXT.welcome}</h1>
      {shop ? <p className={classes.heading}>{shop}</p> : null}
      <p className={classes.lineDetail}>{DISPLAY_TEXT.idleHint}</p>
    </div>
  );
}

/** What the customer still owes while the cash handed over does not cover the total. */
const stillToPay = (total: number, tendered: number) => fromMinor(Math.max(toMinor(total) - toMinor(tendered), 0));

function PaymentFigures({ payment, total }: { payment: DisplayPayment; total: number }) {
  if (payment.method === 'card') return <Figure label={DISPLAY_TEXT.payment} value={DISPLAY_TEXT.card} />;
  if (payment.method === 'store_credit') {
    return <Figure label={DISPLAY_TEXT.payment} value={DISPLAY_TEXT.storeCredit} />;
  }
  if (payment.method === 'voucher') return <Figure label={DISPLAY_TEXT.payment} value={DISPLAY_TEXT.voucher} />;
  if (payment.tendered === null) return null;
  return (
    <>
      <Figure label={DISPLAY_TEXT.tendered} value={formatMoney(payment.tendered)} />
      {payment.change === null ? (
        <Figure label={DISPLAY_TEXT.stillToPay} value={formatMoney(stillToPay(total, payment.tendered))} />
      ) : (
        <Figure label={DISPLAY_TEXT.change} value={formatMoney(payment.change)} className={classes.change} />
      )}
    </>
  );
}

export function CartScreen({
  shop,
  cart,
  payment,
}: {
  shop: string;
  cart: DisplayCart;
  payment: DisplayPayment | null;
}) {
  return (
    <>
      {shop ? <p className={classes.shop}>{shop}</p> : null}
      <div className={classes.layout}>
        <section className={classes.panel} aria-labelledby="display-items">
          <h1 id="display-items" className={classes.heading}>
            {DISPLAY_TEXT.items}
          </h1>
          <ul className={classes.lines}>
            {cart.lines.map((line, index) => (
              // Lines have no id of their own on the display; their order is the cart's.
              // biome-ignore lint/suspicious/noArrayIndexKey: the cart's order is the identity here
              <li key={index} className={classes.line} data-testid="display-line">
                <div>
                  <div className={classes.lineName} {...textLangProps(line.name)}>
                    {line.name}
                  </div>
                  <div className={classes.lineDetail}>
                    {formatQuantity(line.quantity, line.unit)} × {formatMoney(line.unitPrice)}
                  </div>
                </div>
                <span className={classes.amount}>{formatMoney(line.total)}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className={`${classes.panel} ${classes.figures}`} aria-label={DISPLAY_TEXT.total}>
          <dl style={{ margin: 0 }}>
            <Figure label={DISPLAY_TEXT.subtotal} value={formatMoney(cart.subtotal)} />
            {cart.discount > 0 ? (
              <Figure label={DISPLAY_TEXT.discount} value={`- ${formatMoney(cart.discount)}`} />
            ) : null}
            {cart.taxes.map((g) => (
              <Figure key={`${g.rate}:${g.included}`} label={DISPLAY_TEXT.tax(g)} value={formatMoney(g.tax)} />
            ))}
            {cart.exchange ? (
              <>
                <Figure label={DISPLAY_TEXT.total} value={formatMoney(cart.total)} />
                <Figure label={DISPLAY_TEXT.returned} value={`- ${formatMoney(cart.exchange.applied)}`} />
                {cart.exchange.back > 0 ? (
                  <Figure
                    label={DISPLAY_TEXT.giveBack}
                    value={formatMoney(cart.exchange.back)}
                    className={classes.total}
                  />
                ) : (
                  <Figure label={DISPLAY_TEXT.due} value={formatMoney(cart.exchange.due)} className={classes.total} />
                )}
              </>
            ) : (
              <Figure label={DISPLAY_TEXT.total} value={formatMoney(cart.total)} className={classes.total} />
            )}
            {payment ? <PaymentFigures payment={payment} total={cart.exchange?.due ?? cart.total} /> : null}
          </dl>
        </section>
      </div>
    </>
  );
}

export function ThanksScreen({ shop, thanks }: { shop: string; thanks: Extract<DisplayScreen, { kind: 'thanks' }> }) {
  // Cash, or several tenders (the change comes from their cash): the change and what was handed over.
  const isCash = thanks.method === 'cash' || thanks.method === 'mixed';
  return (
    <div className={classes.centered}>
      <h1 className={classes.hero}>{DISPLAY_TEXT.thanks}</h1>
      {isCash ? (
        <>
          <p className={classes.heading}>{DISPLAY_TEXT.yourChange}</p>
          <p className={classes.bigChange} data-testid="display-change">
            {formatMoney(thanks.change)}
          </p>
          <p>
            {DISPLAY_TEXT.total} {formatMoney(thanks.total)} · {DISPLAY_TEXT.paid} {formatMoney(thanks.paid)}
          </p>
        </>
      ) : (
        <p className={classes.heading}>
          {thanks.method === 'store_credit'
            ? DISPLAY_TEXT.paidByCredit
            : thanks.method === 'voucher'
              ? DISPLAY_TEXT.paidByVoucher
              : DISPLAY_TEXT.paidByCard}
          : {formatMoney(thanks.total)}
        </p>
      )}
      <p className={classes.lineDetail}>
        {shop ? `${shop}. ` : ''}
        {DISPLAY_TEXT.comeAgain}
      </p>
    </div>
  );
}
