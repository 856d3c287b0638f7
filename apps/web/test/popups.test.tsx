import { Button, TextInput } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PopupMenu } from '../src/components/popups/deferred';
import { usePopupParts } from '../src/components/popups/load';
import { renderWithProviders } from './render';

function Probe() {
  return <output aria-label="popup parts">{usePopupParts() ? 'loaded' : 'plain'}</output>;
}

// Its own file: the popup parts load once per module graph, and this test starts before they have.
describe("deferred popups (not in the register's first load)", () => {
  it('loads nothing on arrival, even when a field takes the focus; a click on a menu button loads and opens it', async () => {
    renderWithProviders(
      <>
        <Probe />
        <TextInput label="Barcode" autoFocus />
        <TextInput label="Search Products" />
        <PopupMenu target={<Button>Shift R1</Button>}>
          {(Menu) => <Menu.Item onClick={() => {}}>Cash in / out</Menu.Item>}
        </PopupMenu>
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Barcode' }));
    // The register moves the focus itself (back to the Barcode field after a dialog): no interaction either.
    act(() => screen.getByRole('textbox', { name: 'Search Products' }).focus());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('status', { name: 'popup parts' }).textContent).toBe('plain');
    const button = screen.getByRole('button', { name: 'Shift R1' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menuitem')).toBeNull();

    fireEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: 'Cash in / out' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'popup parts' }).textContent).toBe('loaded');
  });
});
