import { describe, expect, it } from 'vitest';
import {
  changeTone,
  changeVsYesterday,
  formatChange,
  formatDollars,
  formatReturnRate,
  moreItemsText,
  shortDay,
  statusColor,
} from '../src/features/dashboard/utils/format';
import { setDisplayCurrency } from '../src/lib/format';

describe('dashboard helpers', () => {
  it('vs yesterday: (today - yesterday) / yesterday, null when yesterday is 0', () => {
    expect(changeVsYesterday(150, 100)).toBe(50);
    expect(changeVsYesterday(50, 200)).toBe(-75);
    expect(changeVsYesterday(100, 100)).toBe(0);
    expect(changeVsYesterday(0, 80)).toBe(-100);
    expect(changeVsYesterday(120, 0)).toBeNull();
    expect(changeVsYesterday(0, 0)).toBeNull();
    // A net-negative yesterday still reads as growth when today is higher.
    expect(changeVsYesterday(10, -10)).toBe(200);
  });

  it('formats the change with a sign, and a dash without yesterday', () => {
    expect(formatChange(50)).toBe('+50.0%');
    expect(formatChange(0)).toBe('+0.0%');
    expect(formatChange(-12.345)).toBe('-12.3%');
    expect(formatChange(null)).toBe('—');
    expect(changeTone(0)).toBe('up');
    expect(changeTone(-0.1)).toBe('down');
    expect(changeTone(null)).toBe('none');
  });

  it("'+N more items' only beyond the five shown", () => {
    expect(moreItemsText(3)).toBeNull();
    expect(moreItemsText(5)).toBeNull();
    expect(moreItemsText(6)).toBe('+1 more items');
    expect(moreItemsText(12)).toBe('+7 more items');
  });

  it('return rate with 1 decimal and a % sign', () => {
    expect(formatReturnRate(33.333)).toBe('33.3%');
    expect(formatReturnRate(0)).toBe('0.0%');
    expect(formatReturnRate(100)).toBe('100.0%');
    expect(formatReturnRate(undefined)).toBe('0.0%');
  });

  it('money with a $ prefix, thousands separators and 2 decimals', () => {
    // The company's currency (PKR unless the shell set another), like every other amount.
    expect(formatDollars(1234567.5)).toBe('PKR 1,234,567.50');
    expect(formatDollars(0)).toBe('PKR 0.00');
    expect(formatDollars(-9)).toBe('-PKR 9.00');
    expect(formatDollars(undefined)).toBe('PKR 0.00');
    setDisplayCurrency('USD');
    expect(formatDollars(1234567.5)).toBe('$1,234,567.50');
    setDisplayCurrency(null);
  });

  it('status colours and chart days', () => {
    expect(statusColor('completed')).toBe('green');
    expect(statusColor('voided')).toBe('yellow');
    expect(shortDay('2024-05-01')).toBe('1 May');
  });
});
