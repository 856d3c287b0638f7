import { describe, expect, it } from 'vitest';
import { computeCartTotals } from '../src/money';
import { RECEIPT_WIDTH, type ReceiptData, receiptItemName, receiptLines } from '../src/receipt';

const base: ReceiptData = {
  company: { name: 'Demo Mart', address: '12 Mall Road, Lahore', phone: '042-1234567890' },
  receiptNumber: 'MAIN-000042',
  date: new Date(2026, 10, 21, 14, 5),
  cashierName: 'Sana Cashier',
  paymentMethod: 'cash',
  items: [
    { name: 'Cola 1.5L', quantity: 2, unitPrice: 180, subtotal: 360 },
    { name: 'Dishwashing Liquid 750ml', quantity: 1, unitPrice: 380, subtotal: 380 },
  ],
  subtotal: 740,
  discountAmount: 0,
  taxRate: 0,
  taxAmount: 0,
  total: 740,
  amountPaid: 740,
  changeAmount: 0,
};

describe('receipt layout', () => {
  it('cuts names over 20 characters to 17 plus an ellipsis', () => {
    expect(receiptItemName('Dishwashing Liquid 750ml')).toBe('Dishwashing Liqui...');
    expect(receiptItemName('Exactly twenty chars')).toBe('Exactly twenty chars');
  });

  it('never exceeds 48 columns', () => {
    for (const line of receiptLines({
      ...base,
      customerName: 'A very long customer name indeed, longer than the paper',
    })) {
      expect(line.length).toBeLessThanOrEqual(RECEIPT_WIDTH);
    }
  });

  it('shows discount, tax and change lines only when above 0', () => {
    const plain = receiptLines(base).join('\n');
    expect(plain).not.toMatch(/Discount:|Tax \(|Change:/);
    const full = receiptLines({
      ...base,
      discountAmount: 40,
      taxRate: 5,
      taxAmount: 35,
      total: 735,
      amountPaid: 1000,
      changeAmount: 265,
    }).join('\n');
    expect(full).toContain('Discount:');
    expect(full).toMatch(/Tax \(5%\):\s+35\.00/);
    expect(full).toMatch(/Change:\s+265\.00/);
  });

  it('uses placeholders without company data and ends with the 30-day return policy', () => {
    const lines = receiptLines({ ...base, company: null });
    expect(lines[0]?.trim()).toBe('Your Store Name');
    expect(lines[1]?.trim()).toBe('Store Address');
    expect(lines[2]?.trim()).toBe('Phone Number');
    const footer = lines
      .slice(-2)
      .map((l) => l.trim())
      .join(' ');
    expect(footer).toBe('Items may be returned within 30 days with this receipt.');
  });

  it("prints the date in the branch's time zone", () => {
    const lines = receiptLines({ ...base, date: '2026-11-21T20:30:00Z', timeZone: 'Asia/Karachi' });
    expect(lines.find((l) => l.startsWith('Date:'))).toMatch(/22\/11\/2026 01:30$/);
  });

  it('prints the discount amount, the tax and the total, not the subtotal (realistic values)', () => {
    // 570.75 less 10 % (57.08) = 513.67, 10 % tax 51.37, total 565.04: every figure differs.
    const lines = receiptLines({
      ...base,
      items: [
        { name: 'Cola 1.5L', quantity: 2, unitPrice: 180, subtotal: 360 },
        { name: 'Tea 200g', quantity: 3, unitPrice: 70.25, subtotal: 210.75 },
      ],
      subtotal: 570.75,
      discountAmount: 57.08,
      taxRate: 10,
      taxAmount: 51.37,
      total: 565.04,
      amountPaid: 600,
      changeAmount: 34.96,
    });
    const line = (label: string) => lines.find((l) => l.startsWith(label)) ?? '';
    expect(line('Subtotal:')).toMatch(/\s570\.75$/);
    expect(line('Discount:')).toMatch(/\s-57\.08$/);
    expect(line('Tax (10%):')).toMatch(/\s51\.37$/);
    expect(line('TOTAL:')).toMatch(/\s(PKR )?565\.04$/);
    expect(line('Paid:')).toMatch(/\s600\.00$/);
    expect(line('Change:')).toMatch(/\s34\.96$/);
  });

  it("a sale of several tax classes prints each line's rate and tax, and the tax by rate", () => {
    // Soap at the branch's 17 %, milk exempt (0 %), 50.00 off the order.
    const lines = [
      { name: 'Soap Bar', quantity: 2, unitPrice: 100, subtotal: 200, taxRate: 17 },
      { name: 'Fresh Milk', quantity: 3, unitPrice: 240, subtotal: 720, taxRate: 0 },
    ];
    const totals = computeCartTotals({
      items: lines.map((l) => ({ price: l.unitPrice, quantity: l.quantity, taxRate: l.taxRate })),
      taxRate: 17,
      discountType: 'amount',
      discountValue: 50,
    });
    const text = receiptLines({
      ...base,
      items: lines,
      subtotal: totals.subtotal,
      discountAmount: totals.discountAmount,
      taxRate: 17,
      taxAmount: totals.tax,
      total: totals.total,
      amountPaid: totals.total,
    });
    // 50.00 off split by goods: 10.87 on the soap, 39.13 on the milk; 17 % of 189.13 = 32.15.
    expect(totals.tax).toBe(32.15);
    const soap = text.indexOf(text.find((l) => l.startsWith('Soap Bar')) ?? '');
    expect(text[soap + 1]).toBe(`  Tax 17%${' '.repeat(48 - 9 - 5)}32.15`);
    const milk = text.indexOf(text.find((l) => l.startsWith('Fresh Milk')) ?? '');
    expect(text[milk + 1]?.trim()).toMatch(/^Tax 0% +0\.00$/);
    expect(text.find((l) => l.startsWith('Tax 0% on'))).toMatch(/^Tax 0% on 680\.87: +0\.00$/);
    expect(text.find((l) => l.startsWith('Tax 17% on'))).toMatch(/^Tax 17% on 189\.13: +32\.15$/);
    expect(text.some((l) => l.startsWith('Tax ('))).toBe(false);
    for (const line of text) expect(line.length).toBeLessThanOrEqual(RECEIPT_WIDTH);
  });

  it('a retail-price line prints as priced, with the tax inside it under the line and in the tax by rate', () => {
    // Shampoo 2 x 590.00 with 18 % inside: goods 1,000.00 (the line's subtotal), tax 180.00; 10 % off.
    const lines = [
      { name: 'Shampoo 400ml', quantity: 2, unitPrice: 590, subtotal: 1000, taxRate: 18, taxIncluded: true },
    ];
    const totals = computeCartTotals({
      items: [{ price: 590, quantity: 2, taxRate: 18, taxIncluded: true }],
      taxRate: 17,
      discountType: 'percentage',
      discountValue: 10,
    });
    // 100.00 off the goods takes its 18.00 of tax with it: 1,180.00 less 10 % is 1,062.00.
    expect(totals.minor).toEqual({
      subtotal: 100_000,
      discountAmount: 10_000,
      tax: 16_200,
      serviceFee: 0,
      total: 106_200,
    });
    const text = receiptLines({
      ...base,
      items: lines,
      subtotal: totals.subtotal,
      discountAmount: totals.discountAmount,
      taxRate: 17,
      taxAmount: totals.tax,
      total: totals.total,
      amountPaid: totals.total,
    });
    const at = text.findIndex((l) => l.startsWith('Shampoo 400ml'));
    expect(text[at]).toMatch(/ 2 +590\.00 +1,180\.00$/);
    expect(text[at + 1]).toMatch(/^ {2}Tax 18% incl\. +162\.00$/);
    expect(text.find((l) => l.startsWith('Subtotal:'))).toMatch(/ 1,000\.00$/);
    expect(text.find((l) => l.startsWith('Tax 18% incl. on'))).toMatch(/^Tax 18% incl\. on 900\.00: +162\.00$/);
    expect(text.some((l) => l.startsWith('Tax ('))).toBe(false);
  });

  it("prints a single tender's method and no tender rows", () => {
    const cash = receiptLines({
      ...base,
      amountPaid: 800,
      changeAmount: 60,
      tenders: [{ method: 'cash', amount: 740 }],
    });
    const at = cash.findIndex((l) => l.startsWith('Payment:'));
    expect(cash[at]).toMatch(/^Payment:\s+Cash$/);
    expect(cash[at + 1]).toMatch(/^Paid:\s+800\.00$/);
    expect(cash[at + 2]).toMatch(/^Change:\s+60\.00$/);
    const card = receiptLines({ ...base, paymentMethod: 'card', tenders: [{ method: 'card', amount: 740 }] });
    expect(card.find((l) => l.startsWith('Payment:'))).toMatch(/^Payment:\s+Card$/);
    expect(card.some((l) => /^ {2}Card/.test(l))).toBe(false);
  });

  it('a mixed sale prints Payment: Mixed, a row per tender, then what was handed over and the change', () => {
    // 85.00 paid 30.00 by card and 60.00 in cash: the cash paid 55.00 of the total, 5.00 back.
    const lines = receiptLines({
      ...base,
      items: [{ name: 'Tea 900g', quantity: 1, unitPrice: 85, subtotal: 85 }],
      subtotal: 85,
      total: 85,
      paymentMethod: 'mixed',
      tenders: [
        { method: 'card', amount: 30 },
        { method: 'cash', amount: 55 },
      ],
      amountPaid: 90,
      changeAmount: 5,
    });
    const at = lines.findIndex((l) => l.startsWith('Payment:'));
    expect(lines.slice(at, at + 5)).toEqual([
      `Payment:${' '.repeat(RECEIPT_WIDTH - 8 - 5)}Mixed`,
      `  Card${' '.repeat(RECEIPT_WIDTH - 6 - 5)}30.00`,
      `  Cash${' '.repeat(RECEIPT_WIDTH - 6 - 5)}55.00`,
      `Paid:${' '.repeat(RECEIPT_WIDTH - 5 - 5)}90.00`,
      `Change:${' '.repeat(RECEIPT_WIDTH - 7 - 4)}5.00`,
    ]);
    // Truthful: the tender rows make the total; the cash handed over is its row plus the change.
    const amount = (label: string) =>
      Number(
        lines
          .find((l) => l.startsWith(`${label} `))
          ?.split(/\s+/)
          .pop(),
      );
    expect(amount('  Card') + amount('  Cash')).toBe(85);
    expect(amount('  Cash') + amount('Change:')).toBe(amount('Paid:') - amount('  Card'));
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(RECEIPT_WIDTH);
  });

  it('a sale paid in part with store credit prints its Store credit row and, when known, the credit left', () => {
    // 85.00: 20.00 of store credit, 30.00 by card, 40.00 in cash (35.00 of the total, 5.00 back).
    const sale: ReceiptData = {
      ...base,
      items: [{ name: 'Tea 900g', quantity: 1, unitPrice: 85, subtotal: 85 }],
      subtotal: 85,
      total: 85,
      paymentMethod: 'mixed',
      tenders: [
        { method: 'card', amount: 30 },
        { method: 'cash', amount: 35 },
        { method: 'store_credit', amount: 20 },
      ],
      amountPaid: 90,
      changeAmount: 5,
    };
    const lines = receiptLines({ ...sale, storeCreditLeft: 25.5 });
    const at = lines.findIndex((l) => l.startsWith('Payment:'));
    expect(lines.slice(at, at + 7)).toEqual([
      `Payment:${' '.repeat(RECEIPT_WIDTH - 8 - 5)}Mixed`,
      `  Card${' '.repeat(RECEIPT_WIDTH - 6 - 5)}30.00`,
      `  Cash${' '.repeat(RECEIPT_WIDTH - 6 - 5)}35.00`,
      `  Store credit${' '.repeat(RECEIPT_WIDTH - 14 - 5)}20.00`,
      `Paid:${' '.repeat(RECEIPT_WIDTH - 5 - 5)}90.00`,
      `Change:${' '.repeat(RECEIPT_WIDTH - 7 - 4)}5.00`,
      `Store credit left:${' '.repeat(RECEIPT_WIDTH - 18 - 5)}25.50`,
    ]);
    // Without a known balance (a reprint) the credit left is not printed.
    expect(receiptLines(sale).some((l) => l.startsWith('Store credit left'))).toBe(false);
    // Nor on a sale that took no store credit.
    expect(receiptLines({ ...base, storeCreditLeft: 25.5 }).some((l) => l.startsWith('Store credit left'))).toBe(false);
    // Store credit alone: its method, no tender rows.
    const alone = receiptLines({
      ...base,
      paymentMethod: 'store_credit',
      tenders: [{ method: 'store_credit', amount: 740 }],
      storeCreditLeft: 0,
    });
    expect(alone.find((l) => l.startsWith('Payment:'))).toMatch(/^Payment:\s+Store credit$/);
    expect(alone.find((l) => l.startsWith('Store credit left:'))).toMatch(/^Store credit left:\s+0\.00$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(RECEIPT_WIDTH);
  });

  it("an exchange's new sale names its return, what the returned items were worth and what went back", () => {
    const lines = receiptLines({
      ...base,
      paymentMethod: 'exchange',
      tenders: [{ method: 'exchange', amount: 94.5 }],
      exchange: {
        returnNumber: 'RET-000012',
        originalReceipt: 'RCP-000003',
        credit: 320,
        back: 225.5,
        backMethod: 'cash',
      },
    });
    expect(lines).toContain(`Payment:${' '.repeat(RECEIPT_WIDTH - 'Payment:'.length - 'Exchange'.length)}Exchange`);
    expect(lines).toContain('Exchange: return RET-000012');
    expect(lines.find((l) => l.startsWith('  of receipt RCP-000003'))?.trimEnd()).toMatch(/ 320\.00$/);
    expect(lines.find((l) => l.startsWith('Given back (Cash):'))).toMatch(/ 225\.50$/);
    expect(lines.every((l) => l.length <= RECEIPT_WIDTH)).toBe(true);
    // Nothing went back: no Given back row.
    const even = receiptLines({
      ...base,
      exchange: { returnNumber: 'RET-000013', originalReceipt: 'RCP-000004', credit: 50, back: 0, backMethod: null },
    });
    expect(even.some((l) => l.startsWith('Given back'))).toBe(false);
  });

  it('right-aligns amounts at column 48', () => {
    const totalLine = receiptLines(base).find((l) => l.startsWith('TOTAL:'));
    expect(totalLine).toBe(`TOTAL:${' '.repeat(RECEIPT_WIDTH - 6 - 'PKR 740.00'.length)}PKR 740.00`);
  });
});
