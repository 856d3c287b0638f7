import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from '../src/features/settings/components/password-strength-meter';
import { renderWithProviders } from './render';

const cases: { password: string; label: string; color: string; score: number }[] = [
  { password: '', label: 'Weak', color: 'red', score: 0 },
  { password: 'abc', label: 'Weak', color: 'red', score: 25 },
  { password: 'abcdefgh', label: 'Fair', color: 'orange', score: 50 },
  { password: 'Abcdefgh', label: 'Good', color: 'yellow', score: 75 },
  { password: 'Abcdefg1', label: 'Strong', color: 'green', score: 100 },
  { password: 'Abcdefg!', label: 'Strong', color: 'green', score: 100 },
  { password: 'ABC1', label: 'Fair', color: 'orange', score: 50 },
];

describe('PasswordStrengthMeter', () => {
  for (const { password, label, color, score } of cases) {
    it(`labels '${password}' ${label} (${color})`, () => {
      renderWithProviders(<PasswordStrengthMeter password={password} />);
      const text = screen.getByText(label);
      expect(text.getAttribute('style') ?? '').toContain(`--mantine-color-${color}`);
      const bar = screen.getByRole('progressbar', { name: 'Password strength' });
      expect(bar.getAttribute('aria-valuenow')).toBe(String(score));
    });
  }
});
