import { updateCustomerSchema } from '@pos/shared';
import { describe, expect, it } from 'vitest';
import { historyStatusColor, reasonLabel, toDay } from '../src/features/customers/utils/format';

describe('customers helpers', () => {
  it('date filter values become yyyy-mm-dd or nothing', () => {
    expect(toDay('2024-05-03')).toBe('2024-05-03');
    expect(toDay(new Date(2024, 4, 3, 23, 30))).toBe('2024-05-03');
    expect(toDay(null)).toBeUndefined();
    expect(toDay('')).toBeUndefined();
    expect(toDay('garbage')).toBeUndefined();
  });

  it('history badges and reasons', () => {
    expect(historyStatusColor('completed')).toBe('green');
    expect(historyStatusColor('pending')).toBe('yellow');
    expect(reasonLabel('wrong_item')).toBe('Wrong item');
    expect(reasonLabel('')).toBe('');
  });

  it('the edit form validates with the shared schema', () => {
    expect(updateCustomerSchema.safeParse({ name: '' }).success).toBe(false);
    expect(updateCustomerSchema.safeParse({ email: 'nope' }).success).toBe(false);
    const ok = updateCustomerSchema.parse({ name: ' A ', email: '', address: '', notes: 'n' });
    expect(ok).toEqual({ name: 'A', email: null, address: null, notes: 'n' });
  });
});
