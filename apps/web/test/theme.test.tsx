import {
  Button,
  DEFAULT_THEME,
  Loader,
  Menu,
  Modal,
  Notification,
  Pagination,
  PasswordInput,
  Select,
} from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contrastRatio, READABLE_COLORS, theme } from '../src/app/theme';
import { PasswordField } from '../src/components/password-field';
import { renderWithProviders } from './render';

const WHITE = '#ffffff';
const AA_TEXT = 4.5;

describe('theme colours (WCAG 2.1 AA at the theme, so every screen inherits it)', () => {
  const palettes = Object.entries(READABLE_COLORS).filter(([name]) => name !== 'gray');

  it.each(palettes)('%s: shade 6 (filled, text, outline, focus ring) reads on white, grey rows and shade 0', (_, c) => {
    for (const background of [WHITE, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1], c[0]]) {
      expect(contrastRatio(c[6], background)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it.each(palettes)('%s: shade 7 text reads on white and on shade 0', (_, c) => {
    expect(contrastRatio(c[7], WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(c[7], c[0])).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(palettes)('%s: light variants (shade 9 on shade 1: badges, alerts, active links) read', (_, c) => {
    expect(contrastRatio(c[9], c[1])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(c[8], c[1])).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(palettes)("%s: shades stay in order, light to dark, and 0-5 stay Mantine's", (name, c) => {
    const shades = [...c];
    for (let i = 1; i < shades.length; i++) {
      expect(contrastRatio(shades[i] ?? '', WHITE)).toBeGreaterThanOrEqual(contrastRatio(shades[i - 1] ?? '', WHITE));
    }
    expect(c.slice(0, 6)).toEqual((DEFAULT_THEME.colors[name] ?? []).slice(0, 6).map((x) => x.toLowerCase()));
  });

  it('dimmed text (gray 6) reads on white, the page grey and the light blue of totals', () => {
    const gray = READABLE_COLORS.gray;
    const blue = READABLE_COLORS.blue;
    if (!gray || !blue) throw new Error('palettes missing');
    for (const background of [WHITE, gray[0], gray[1], blue[0]]) {
      expect(contrastRatio(gray[6], background)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it('the primary colour is a readable palette, so buttons and focus rings use it', () => {
    expect(theme.primaryColor).toBe('blue');
    expect(theme.colors?.blue?.[6]).toBe(READABLE_COLORS.blue?.[6]);
    expect(contrastRatio(READABLE_COLORS.blue?.[6] ?? WHITE, WHITE)).toBeGreaterThanOrEqual(3);
  });
});

describe('theme names and landmarks', () => {
  it('names a dialog close button and gives the dialog no banner (header) of its own', () => {
    renderWithProviders(
      <Modal opened onClose={() => {}} title="Payment">
        body
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Payment' });
    expect(screen.getByRole('button', { name: 'Close dialog' })).toBeTruthy();
    expect(dialog.querySelector('header')).toBeNull();
  });

  it('names a toast close button', () => {
    renderWithProviders(<Notification title="Saved">Done</Notification>);
    expect(screen.getByRole('button', { name: 'Close notification' })).toBeTruthy();
  });

  it('names the pager controls', () => {
    renderWithProviders(<Pagination total={5} value={2} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
  });

  it('opens a menu with the focus on its first item and nothing before the items', async () => {
    renderWithProviders(
      <Menu>
        <Menu.Target>
          <Button>Shift R1</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Offline</Menu.Label>
          <Menu.Item>Cash in / out</Menu.Item>
          <Menu.Item>X report</Menu.Item>
        </Menu.Dropdown>
      </Menu>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Shift R1' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Cash in / out' })));
    // Mantine's default put an unnamed placeholder (role presentation) first for the focus to land on.
    expect(menu.querySelector('[role="presentation"], [data-autofocus]')).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'X report' }));
  });

  it('shows "nothing found" in a list as a disabled option (a listbox holds options)', async () => {
    renderWithProviders(<Select label="Supplier" data={[]} searchable nothingFoundMessage="No suppliers found" />);
    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Supplier' }));
    const list = await screen.findByRole('listbox');
    const empty = within(list).getByRole('option', { name: 'No suppliers found' });
    expect(empty.getAttribute('aria-disabled')).toBe('true');
  });

  it('makes every loader a progress bar with a name: "Loading", or what it loads', () => {
    renderWithProviders(
      <>
        <Loader />
        <Loader aria-label="Loading products" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Loading products' })).toBeTruthy();
  });

  it('lets Tab reach the show/hide toggle of a password or PIN field, and Space show it', async () => {
    renderWithProviders(
      <>
        <PasswordInput label="PIN" />
        <PasswordField label="Password" />
      </>,
    );
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('PIN'));
    await user.tab();
    expect(document.activeElement?.tagName).toBe('BUTTON');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show' }));
    await user.keyboard(' ');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('text');
  });
});
