import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchTransaction } from '../src/lib/api/transactions.api';
import { useSelectionStore } from '../src/lib/selection-store';

// Issue 10.5: a sale is read within the company the user has selected.
describe('fetchTransaction', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSelectionStore.getState().clearSelection();
  });

  it('asks for the sale within the selected company', async () => {
    const fetchMock = vi.fn(
      async (_url: RequestInfo | URL) => new Response(JSON.stringify({ success: true, data: { id: 's1' } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    useSelectionStore.getState().setSelection({ companyId: 'c-42', branchId: 'b-1' });
    await fetchTransaction('s1');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/transactions/s1?companyId=c-42');
  });

  it('sends no company when none is selected', async () => {
    const fetchMock = vi.fn(
      async (_url: RequestInfo | URL) => new Response(JSON.stringify({ success: true, data: { id: 's1' } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await fetchTransaction('s1');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/transactions/s1');
  });
});
