import { ActionIcon } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Hint } from '../src/components/popups/deferred';
import { usePopupParts } from '../src/components/popups/load';
import { renderWithProviders } from './render';

function Probe() {
  return <output aria-label="popup parts">{usePopupParts() ? 'loaded' : 'plain'}</output>;
}

// Its own file: the popup parts load once per module graph, and this test starts before they have.
describe('deferred popups: the swap to the loaded control', () => {
  it('the first key press loads them, and the focused control keeps the focus through the swap', async () => {
    renderWithProviders(
      <>
        <Probe />
        <Hint label="New cart (Ctrl+T)">
          <ActionIcon aria-label="New cart">+</ActionIcon>
        </Hint>
      </>,
    );
    const plain = screen.getByRole('button', { name: 'New cart' });
    plain.focus();
    expect(screen.getByRole('status', { name: 'popup parts' }).textContent).toBe('plain');

    fireEvent.keyDown(plain, { key: 'Tab' });
    fireEvent.keyUp(plain, { key: 'Tab' });
    await waitFor(() => expect(screen.getByRole('status', { name: 'popup parts' }).textContent).toBe('loaded'));
    const loaded = screen.getByRole('button', { name: 'New cart' });
    expect(document.activeElement).toBe(loaded);
  });
});
