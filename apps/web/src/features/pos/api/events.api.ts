import type { eventResponses } from '@pos/shared';
import { type Answer, API_BASE, apiRequest } from '../../../lib/api';

/** What the stream tells (GET /api/events): stock and product changes; resync: sync the catalogue. */
export type LiveEvent =
  | { type: 'stock'; productId: string; stockQuantity: number }
  | { type: 'product'; id: string }
  | { type: 'resync' };

/**
 * The stream's address: an EventSource cannot send an Authorization header, so the register asks
 * POST /events/ticket (bearer token) for a ticket valid a minute, naming the branch, and opens
 * GET /events?ticket=&branchId= with it. A reconnect asks for a new ticket.
 */
async function eventsUrl(branchId: string, since: string): Promise<string> {
  const answer = await apiRequest<Answer<typeof eventResponses.ticket>>('/events/ticket', {
    method: 'POST',
    body: { branchId },
  });
  const query = new URLSearchParams({ branchId, ticket: answer.data.ticket, ...(since && { since }) });
  return `${API_BASE}/events?${query}`;
}

/**
 * Listens to the branch's live changes until the returned function is called. A dropped stream (its server
 * process died, the network went) is closed and opened again with a new ticket (the browser's own retry
 * would reuse the expired one) and the last event id it had (`since`): the new stream, on whichever process,
 * first sends the changes made in between, or `resync` when they are too old to tell.
 */
export function openLiveEvents(branchId: string, onEvent: (event: LiveEvent) => void): () => void {
  let source: EventSource | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  /** The last SSE id received: where the stream stood. */
  let since = '';
  const parse = (type: LiveEvent['type']) => (message: MessageEvent<string>) => {
    if (message.lastEventId) since = message.lastEventId;
    try {
      onEvent({ type, ...JSON.parse(message.data) } as LiveEvent);
    } catch {
      // A malformed event is skipped; the next catalogue sync corrects anything missed.
    }
  };
  const reopen = () => {
    if (!stopped) retry = setTimeout(() => void open(), 2000);
  };
  const open = async () => {
    if (stopped) return;
    try {
      const url = await eventsUrl(branchId, since);
      if (stopped) return;
      source = new EventSource(url);
      source.addEventListener('ready', (message) => {
        if (message.lastEventId) since = message.lastEventId;
      });
      source.addEventListener('stock', parse('stock'));
      source.addEventListener('product', parse('product'));
      source.addEventListener('resync', parse('resync'));
      source.onerror = () => {
        source?.close();
        source = null;
        reopen();
      };
    } catch {
      reopen();
    }
  };
  void open();
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    source?.close();
  };
}
