import { ActionIcon } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Hint } from '../src/components/popups/deferred';
import { loadPopupParts, usePopupParts } from '../src/components/popups/load';
import { renderWithProviders } from './render';

function Probe() {
  return <output aria-label="popup parts">{usePopupParts() ? 'loaded' : 'plain'}</output>;
}

// Its own file: the popup parts load once per module graph, and this test starts before they have.
describe('deferred popups: a press is not lost to the swap', () => {
  it('the parts that load while a button is held wait for its release: the click reaches the button pressed', async () => {
    const onClick = vi.fn();
    renderWithProviders(
      <>
        <Probe />
        <Hint label="Keyboard shortcuts (?)">
          <ActionIcon aria-label="Keyboard shortcuts" onClick={onClick}>
            ?
          </ActionIcon>
        </Hint>
      </>,
    );
    const pressed = screen.getByRole('button', { name: 'Keyboard shortcuts' });
    // The first press of the page starts the load (a touch, or a click without a pointer move before it) ...
    fireEvent.pointerDown(pressed);
    // ... and the parts arrive before the finger or the button is lifted (fetched from the service worker's cache).
    await loadPopupParts();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The browser sends the click to the element that took the press: it must still be the one in the page.
    expect(pressed.isConnected).toBe(true);
    expect(screen.getByRole('status', { name: 'popup parts' }).textContent).toBe('plain');
    fireEvent.pointerUp(pressed);
    fireEvent.click(pressed);
    expect(onClick).toHaveBeenCalledTimes(1);
    // Released: the loaded control takes its place.
    await waitFor(() => expect(screen.getByRole('status', { name: 'popup parts' }).textContent).toBe('loaded'));
    expect(screen.getByRole('button', { name: 'Keyboard shortcuts' })).not.toBe(pressed);
  });
});
