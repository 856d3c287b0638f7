import { eventResponses } from '@pos/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLiveEvents } from '../src/features/pos/api/events.api';
import { answer } from './answers';

/**
 * The register's side of a dropped event stream: it opens a new stream with a new ticket and the last
 * SSE id it received as `since` (the server then sends what changed in between; events.test.ts).
 * The EventSource here is a stand-in that records the addresses and lets the test deliver events.
 */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  listeners = new Map<string, ((message: MessageEvent<string>) => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  deliver(type: string, data: object, lastEventId: string) {
    const message = new MessageEvent<string>(type, { data: JSON.stringify(data), lastEventId });
    for (const listener of this.listeners.get(type) ?? []) listener(message);
  }
}

const since = (source: FakeEventSource | undefined) => new URL(source?.url ?? '', 'http://x').searchParams.get('since');

describe('openLiveEvents', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        answer(eventResponses.ticket, { success: true, data: { ticket: 't', expiresAt: new Date().toISOString() } }),
      ),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reopens a dropped stream with the last id it received as since', async () => {
    const events: unknown[] = [];
    const stop = openLiveEvents('b1', (event) => events.push(event));
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const first = FakeEventSource.opened[0];
    expect(since(first)).toBeNull();

    first?.deliver('ready', { branchId: 'b1' }, '100.5.');
    first?.deliver('stock', { productId: 'p1', stockQuantity: 4 }, '101.7.');
    expect(events).toEqual([{ type: 'stock', productId: 'p1', stockQuantity: 4 }]);

    first?.onerror?.();
    expect(first?.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    expect(since(FakeEventSource.opened[1])).toBe('101.7.');
    stop();
    expect(FakeEventSource.opened[1]?.closed).toBe(true);
  });
});
