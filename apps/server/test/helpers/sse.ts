/** An event of a server-sent events stream: its name, its JSON data and its id when it had one. */
export type Received = { event: string; data: Record<string, unknown>; id?: string };

/**
 * A server-sent events reader over real HTTP (as a browser's EventSource): `until` resolves with the
 * first event the predicate accepts; `lastId` is the id a register would resume from; `ended` settles when
 * the stream ends (closed here, or its server went away). No timing is asserted; the test's own timeout
 * bounds a wait.
 */
export async function openStream(url: string) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  const received: Received[] = [];
  const waiters: { test: (e: Received) => boolean; resolve: (e: Received) => void }[] = [];
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!event || data === undefined) continue;
          const e: Received = { event, data: JSON.parse(data), id: /^id: (.*)$/m.exec(block)?.[1] };
          received.push(e);
          for (const w of [...waiters]) {
            if (w.test(e)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(e);
            }
          }
        }
      }
    } catch {
      // aborted, or the server behind it went away
    }
  })();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    headers: res.headers,
    received,
    lastId: () => received.findLast((e) => e.id)?.id,
    until: (test: (e: Received) => boolean) =>
      new Promise<Received>((resolve) => {
        const seen = received.find(test);
        if (seen) resolve(seen);
        else waiters.push({ test, resolve });
      }),
    ended,
    close: async () => {
      controller.abort();
      await ended;
    },
  };
}
