import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteConfirmation } from '../src/components/delete-confirmation';
import { renderWithProviders } from './render';

afterEach(() => vi.restoreAllMocks());

function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const closeButton = () => document.querySelector<HTMLButtonElement>('.mantine-Modal-close');
const overlay = () => document.querySelector<HTMLElement>('.mantine-Modal-overlay');
function clickOutside() {
  const backdrop = overlay();
  expect(backdrop).not.toBeNull();
  if (!backdrop) return;
  fireEvent.mouseDown(backdrop);
  fireEvent.mouseUp(backdrop);
  fireEvent.click(backdrop);
}
const pressEscape = () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape', code: 'Escape' });

describe('DeleteConfirmation', () => {
  it('shows the default title, the item sentence, the warning and the red sub text', () => {
    renderWithProviders(
      <DeleteConfirmation
        opened
        onClose={() => {}}
        onConfirm={() => {}}
        itemName="Cola 1.5L"
        subText="Stock goes too"
      />,
    );
    expect(screen.getByText('Delete Confirmation')).toBeTruthy();
    expect(screen.getByText('Are you sure you want to delete Cola 1.5L?')).toBeTruthy();
    expect(screen.getByText('This action cannot be undone.')).toBeTruthy();
    expect(screen.getByText('Stock goes too').getAttribute('style') ?? '').toContain('red');
  });

  it('uses a given title', () => {
    renderWithProviders(
      <DeleteConfirmation opened onClose={() => {}} onConfirm={() => {}} itemName="x" title="Remove" />,
    );
    expect(screen.getByText('Remove')).toBeTruthy();
  });

  it('closes by the close button, Escape, an outside click and Cancel when idle', () => {
    const onClose = vi.fn();
    renderWithProviders(<DeleteConfirmation opened onClose={onClose} onConfirm={() => {}} itemName="x" />);
    const button = closeButton();
    expect(button).not.toBeNull();
    if (button) fireEvent.click(button);
    pressEscape();
    clickOutside();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(4);
  });

  it('cannot be closed in any way while loading', () => {
    const onClose = vi.fn();
    renderWithProviders(<DeleteConfirmation opened loading onClose={onClose} onConfirm={() => {}} itemName="x" />);
    expect(closeButton()).toBeNull();
    pressEscape();
    clickOutside();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('runs the action, cannot be closed while it runs, and closes on success', async () => {
    const onClose = vi.fn();
    const action = deferred();
    const onConfirm = vi.fn(() => action.promise);
    renderWithProviders(<DeleteConfirmation opened onClose={onClose} onConfirm={onConfirm} itemName="x" />);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(closeButton()).toBeNull());
    pressEscape();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();

    action.resolve();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('stays open and only logs to the console when the action fails', async () => {
    const onClose = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('server said no');
    renderWithProviders(
      <DeleteConfirmation opened onClose={onClose} onConfirm={() => Promise.reject(failure)} itemName="x" />,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(consoleError.mock.calls.some((call) => call.includes(failure))).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
    // Idle again: it can be closed now.
    await waitFor(() => expect(closeButton()).not.toBeNull());
  });
});
