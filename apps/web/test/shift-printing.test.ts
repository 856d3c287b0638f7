import { type ShiftReport, type ShiftReportPrint, shiftReportLines } from '@pos/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeDrawerPulse, encodeShiftReport } from '../src/lib/printing/encode';

const report: ShiftReport = {
  shift: {
    id: 's1',
    branchId: 'b1',
    registerId: 'r1',
    registerCode: 'R2',
    cashierId: 'u1',
    cashierName: 'Cashier One',
    status: 'closed',
    openedAt: '2025-01-15T04:00:00.000Z',
    openingFloat: 150,
    openingDenominations: { '10000': 1, '5000': 1 },
    closedAt: '2025-01-15T13:00:00.000Z',
    closedByName: 'Cashier One',
    counted: 183.6,
    countedDenominations: null,
    expected: 188.6,
    overShort: -5,
    approvedByName: 'Manager One',
    zNumber: 7,
  },
  sales: {
    count: 4,
    total: 114.85,
    discount: 2.5,
    tax: 4.1,
    taxByRate: [
      { rate: 0, included: false, taxable: 86.63, tax: 0 },
      { rate: 17, included: false, taxable: 24.12, tax: 4.1 },
    ],
    change: 29.55,
    byMethod: [
      { method: 'card', count: 1, total: 49.4 },
      { method: 'cash', count: 3, total: 65.45 },
    ],
  },
  refunds: {
    count: 1,
    total: 13.35,
    taxByRate: [{ rate: 0, included: false, taxable: 13.35, tax: 0 }],
    byMethod: [{ method: 'cash', count: 1, total: 13.35 }],
  },
  paidIn: 20,
  paidOut: 33.5,
  cashMovements: [],
  lateSales: { count: 0, total: 0 },
  expectedCash: 188.6,
};
const data: ShiftReportPrint = {
  report,
  company: { name: 'Demo Mart' },
  branchName: 'Main Branch',
  currency: 'PKR',
  timeZone: 'Asia/Karachi',
};

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');

describe('shiftReportLines', () => {
  const lines = shiftReportLines(data);

  it('is 48 columns wide and titled by its Z number', () => {
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(48);
    expect(lines.some((l) => l.trim() === 'Z REPORT #7')).toBe(true);
  });

  it('shows the figures: sales by method, refunds, float, paid in/out, expected, counted, short and approver', () => {
    const text = lines.join('\n');
    expect(text).toContain('Sales (4):');
    expect(lines).toContain(`${'  Cash (3)'.padEnd(48 - '65.45'.length)}65.45`);
    expect(lines).toContain(`${'Refunds (1):'.padEnd(48 - '13.35'.length)}13.35`);
    expect(lines).toContain(`${'Opening float:'.padEnd(48 - '150.00'.length)}150.00`);
    expect(lines).toContain(`${'Paid out:'.padEnd(48 - '33.50'.length)}33.50`);
    expect(text).toMatch(/EXPECTED CASH: +Rs\.? ?188\.60|EXPECTED CASH: +PKR ?188\.60/);
    expect(lines).toContain(`${'Counted:'.padEnd(48 - '183.60'.length)}183.60`);
    expect(lines).toContain(`${'SHORT:'.padEnd(48 - '-5.00'.length)}-5.00`);
    expect(lines).toContain(`${'Approved by:'.padEnd(48 - 'Manager One'.length)}Manager One`);
    expect(text).toContain('Register:');
    // Sales at two rates: the tax by rate under the total.
    expect(lines).toContain(`${'  0% on 86.63:'.padEnd(48 - '0.00'.length)}0.00`);
    expect(lines).toContain(`${'  17% on 24.12:'.padEnd(48 - '4.10'.length)}4.10`);
  });

  it('lists every refund method and marks an expected cash below zero (never a silent negative figure)', () => {
    const refunds = {
      count: 3,
      total: 230,
      taxByRate: [{ rate: 17, included: false, taxable: 196.58, tax: 33.42 }],
      byMethod: [
        { method: 'card_refund', count: 1, total: 30 },
        { method: 'cash', count: 1, total: 180 },
        { method: 'store_credit', count: 1, total: 20 },
      ],
    };
    const negative = shiftReportLines({ ...data, report: { ...report, refunds, expectedCash: -30 } });
    expect(negative).toContain(`${'  Card refund (1)'.padEnd(48 - '30.00'.length)}30.00`);
    expect(negative).toContain(`${'  Store credit (1)'.padEnd(48 - '20.00'.length)}20.00`);
    // The tax the refunds gave back, by rate (none printed for refunds without tax).
    expect(negative).toContain(`${'  Tax back 17% on 196.58:'.padEnd(48 - '33.42'.length)}33.42`);
    expect(lines.some((l) => l.includes('Tax back'))).toBe(false);
    expect(negative.some((l) => l.trim() === '!! EXPECTED CASH BELOW ZERO !!')).toBe(true);
    expect(lines.some((l) => l.includes('BELOW ZERO'))).toBe(false);
  });

  it('an open shift prints as an X report without counted or over/short', () => {
    const x = shiftReportLines({
      report: {
        ...report,
        shift: {
          ...report.shift,
          status: 'open',
          counted: null,
          overShort: null,
          closedAt: null,
          closedByName: null,
          zNumber: null,
        },
      },
    });
    expect(x.some((l) => l.trim() === 'X REPORT')).toBe(true);
    expect(x.join('\n')).not.toContain('Counted:');
  });

  it('a provisional X report (offline) says so under its title, with what is not yet synced', () => {
    const note = "Not yet synced: 2 sales, 1 cash movement. The server's figures are from 14:05.";
    const x = shiftReportLines({ report: { ...report, shift: { ...report.shift, status: 'open' } }, note });
    const title = x.findIndex((l) => l.trim() === 'X REPORT');
    expect(x[title + 1]?.trim()).toBe('*** PROVISIONAL ***');
    expect(x.slice(title + 2, title + 4).join(' ')).toBe(note);
    for (const line of x) expect(line.length).toBeLessThanOrEqual(48);
    expect(shiftReportLines({ report }).join('\n')).not.toContain('PROVISIONAL');
  });
});

describe('encodeShiftReport', () => {
  let bytes: Uint8Array;
  beforeAll(async () => {
    bytes = await encodeShiftReport(data);
  });

  it('starts with ESC @ and carries every line of the shared layout, in order', () => {
    expect(Array.from(bytes.slice(0, 2))).toEqual([0x1b, 0x40]);
    const text = latin1(bytes);
    let from = 0;
    for (const line of shiftReportLines(data)) {
      const at = text.indexOf(line.trimEnd(), from);
      expect(at, line).toBeGreaterThanOrEqual(from);
      from = at + line.trimEnd().length;
    }
  });

  it('ends with the cut (GS V) and does not kick the drawer', () => {
    const text = latin1(bytes);
    expect(text.lastIndexOf('\x1dV')).toBeGreaterThan(text.lastIndexOf('EXPECTED CASH'));
    expect(text).not.toContain('\x1bp');
  });

  it('a reprint is marked as a copy', async () => {
    expect(latin1(await encodeShiftReport({ ...data, reprint: true }))).toContain('*** REPRINT - COPY ***');
  });
});

describe('encodeDrawerPulse', () => {
  it('is initialize then the drawer kick (ESC p), and prints nothing', () => {
    const bytes = encodeDrawerPulse();
    expect(Array.from(bytes.slice(0, 2))).toEqual([0x1b, 0x40]);
    expect(latin1(bytes).indexOf('\x1bp')).toBeGreaterThan(1);
    expect(latin1(bytes)).not.toContain('\x1dV');
  });
});
