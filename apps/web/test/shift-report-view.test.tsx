import type { ShiftReport } from '@pos/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShiftReportView } from '../src/components/shift-report';
import { renderWithProviders } from './render';

const closed: ShiftReport = {
  shift: {
    id: 's1',
    branchId: 'b1',
    registerId: 'r1',
    registerCode: 'R1',
    cashierId: 'u1',
    cashierName: 'Cashier One',
    status: 'closed',
    openedAt: '2025-01-15T04:00:00.000Z',
    openingFloat: 10,
    openingDenominations: null,
    closedAt: '2025-01-15T13:00:00.000Z',
    closedByName: 'Cashier One',
    counted: 10,
    countedDenominations: null,
    expected: 10,
    overShort: 0,
    approvedByName: null,
    zNumber: 3,
  },
  sales: { count: 0, total: 0, discount: 0, tax: 0, taxByRate: [], change: 0, byMethod: [] },
  refunds: { count: 0, total: 0, taxByRate: [], byMethod: [] },
  paidIn: 0,
  paidOut: 0,
  cashMovements: [],
  expectedCash: 10,
  lateSales: { count: 0, total: 0 },
};

describe('ShiftReportView', () => {
  it('shows the late sales of a closed shift apart from its Z figures', () => {
    renderWithProviders(<ShiftReportView report={{ ...closed, lateSales: { count: 2, total: 1234.5 } }} />);
    expect(screen.getByTestId('late-sales').textContent).toMatch(/^After close: 2 sales, PKR 1,234\.50 /);
    expect(screen.getByTestId('expected-cash').textContent).toBe('PKR 10.00');
  });

  it('warns when the expected cash is below zero, and only then', () => {
    renderWithProviders(<ShiftReportView report={{ ...closed, expectedCash: -12.5 }} />);
    expect(screen.getByTestId('expected-cash').textContent).toContain('12.50');
    expect(screen.getByTestId('negative-expected-cash').textContent).toContain('Expected cash is below zero');
  });

  it('shows the tax by rate under the tax when the sales were taxed at several rates, and only then', () => {
    const taxByRate = [
      { rate: 0, included: false, taxable: 686.36, tax: 0 },
      { rate: 17, included: false, taxable: 290.65, tax: 49.41 },
    ];
    const { unmount } = renderWithProviders(
      <ShiftReportView report={{ ...closed, sales: { ...closed.sales, tax: 49.41, taxByRate } }} />,
    );
    const row = (label: string) => screen.getByText(label).closest('tr')?.textContent;
    expect(row('0% on PKR 686.36')).toBe('0% on PKR 686.36PKR 0.00');
    expect(row('17% on PKR 290.65')).toBe('17% on PKR 290.65PKR 49.41');
    unmount();
    renderWithProviders(
      <ShiftReportView
        report={{
          ...closed,
          sales: { ...closed.sales, taxByRate: [{ rate: 17, included: false, taxable: 290.65, tax: 49.41 }] },
        }}
      />,
    );
    expect(screen.queryByText(/% on PKR/)).toBeNull();
  });

  it('says nothing of late sales when there are none', () => {
    expect(screen.queryByTestId('negative-expected-cash')).toBeNull();
    renderWithProviders(<ShiftReportView report={closed} />);
    expect(screen.queryByTestId('late-sales')).toBeNull();
  });
});
