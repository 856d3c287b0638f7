import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScannerSettingsForm } from '../src/features/pos/components/scanner-settings-form';
import { loadScannerSettings, SCANNER_SETTINGS_KEY } from '../src/features/pos/store/scanner-settings';
import { renderWithProviders } from './render';

describe('the register scanner settings', () => {
  afterEach(() => localStorage.clear());

  it('shows the defaults, and saves this register’s threshold, length and prefix in localStorage', () => {
    renderWithProviders(<ScannerSettingsForm />);
    expect((screen.getByLabelText('Longest pause between keys (ms)') as HTMLInputElement).value).toBe('40');
    expect((screen.getByLabelText('Shortest code (characters)') as HTMLInputElement).value).toBe('6');
    fireEvent.change(screen.getByLabelText('Longest pause between keys (ms)'), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('Shortest code (characters)'), { target: { value: '8' } });
    fireEvent.change(screen.getByLabelText('Prefix'), { target: { value: '~' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save scanner settings' }));
    expect(JSON.parse(localStorage.getItem(SCANNER_SETTINGS_KEY) ?? '{}')).toEqual({
      maxGapMs: 60,
      minLength: 8,
      prefix: '~',
      suffix: '',
    });
    expect(loadScannerSettings().maxGapMs).toBe(60);
  });
});
