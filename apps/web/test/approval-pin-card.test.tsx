import { MantineProvider } from '@mantine/core';
import { APPROVAL_MSG, approvalResponses } from '@pos/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApprovalPinCard } from '../src/features/settings/components/approval-pin-card';
import { answer } from './answers';

function renderCard(status: { isSet: boolean; isLocked: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => answer(approvalResponses.pin, { success: true, data: status })),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <ApprovalPinCard />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('ApprovalPinCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells a manager their PIN was locked after wrong attempts and asks for a new one', async () => {
    renderCard({ isSet: true, isLocked: true });
    expect((await screen.findByRole('alert')).textContent).toContain(APPROVAL_MSG.pinLocked);
    expect(screen.getByText('PIN locked')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change PIN' })).toBeTruthy();
  });

  it('says nothing of a lock when the PIN is fine', async () => {
    renderCard({ isSet: true, isLocked: false });
    expect(await screen.findByText('PIN set')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
