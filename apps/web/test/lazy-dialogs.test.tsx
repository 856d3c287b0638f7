import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { type ComponentType, lazy, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { DIALOG_LOAD_FAILED, MountOnFirstOpen } from '../src/features/pos/components/lazy-dialogs';

afterEach(() => vi.restoreAllMocks());

// The register's dialogs load on first use: nothing is fetched before the first opening, and
// a chunk that cannot be fetched closes the dialog with a message instead of taking the register down.
function Harness({ load, onFailed }: { load: () => Promise<{ default: ComponentType }>; onFailed: () => void }) {
  const [Dialog] = useState(() => lazy(load));
  const [opened, setOpened] = useState(false);
  return (
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <p>The register</p>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <MountOnFirstOpen
        opened={opened}
        onFailed={() => {
          setOpened(false);
          onFailed();
        }}
      >
        <Dialog />
      </MountOnFirstOpen>
    </MantineProvider>
  );
}

describe('MountOnFirstOpen', () => {
  it('loads the dialog only when it first opens', async () => {
    const load = vi.fn(async () => ({ default: () => <p>The dialog</p> }));
    render(<Harness load={load} onFailed={() => {}} />);
    expect(load).not.toHaveBeenCalled();
    await act(async () => screen.getByRole('button', { name: 'Open' }).click());
    expect(await screen.findByText('The dialog')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a dialog whose code cannot be fetched closes with a message; the register stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onFailed = vi.fn();
    const load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    render(<Harness load={load} onFailed={onFailed} />);
    await act(async () => screen.getByRole('button', { name: 'Open' }).click());
    expect(await screen.findByText(DIALOG_LOAD_FAILED)).toBeTruthy();
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(screen.getByText('The register')).toBeTruthy();
  });
});
