import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RegisterStatus } from '../src/features/pos/components/register-status';
import { connectivityStore } from '../src/features/pos/offline/connectivity';
import { renderWithProviders } from './render';

// The default selection has no branch: no register is enrolled, only the status is drawn.
describe('register status', () => {
  afterEach(() => connectivityStore.setState({ online: true, offlineSince: null }));

  it("says since when the register is offline in the branch's time zone, as its receipts do", () => {
    connectivityStore.setState({ online: false, offlineSince: Date.parse('2026-11-26T01:10:00Z') });
    renderWithProviders(<RegisterStatus branchId="b1" timeZone="Asia/Kathmandu" />);
    expect(screen.getByRole('status').textContent).toContain('Offline since 06:55');
  });
});
