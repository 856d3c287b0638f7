import { eventResponses, eventsQuerySchema, eventTicketRequestSchema, type LiveEvent } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createEventHub, decodePosition, encodePosition, readBranchEventsAfter } from '../../lib/events';
import type { Horizon } from '../../lib/events.repo';
import { ok } from '../../lib/http';
import * as service from './events.service';

/** Heartbeat comments keep proxies from closing an idle stream; each one re-checks the session. */
export const HEARTBEAT_MS = 25_000;

/** POST /events/ticket, behind the bearer token like every protected route. */
export async function eventTicketRoutes(app: FastifyInstance, { secret }: { secret: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/events/ticket',
    {
      schema: {
        summary: 'A short-lived ticket for the live events stream',
        tags: ['events'],
        body: eventTicketRequestSchema,
        response: { 200: eventResponses.ticket },
      },
    },
    async (req) => ok(await service.issueTicket(app.db, req.actor, req.body.branchId, secret)),
  );
}

/**
 * GET /events?ticket=: the branch's live events as server-sent events (text/event-stream), outside the
 * bearer-token hook (the ticket is the credential). One event hub (one reader of the outbox) per process.
 */
export async function eventStreamRoutes(app: FastifyInstance, { secret }: { secret: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hub = createEventHub(app.db, (message) => app.log.warn(message));
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.addHook('onClose', async () => hub.close());

  r.get(
    '/events',
    {
      schema: {
        summary: "The branch's live events (server-sent events)",
        tags: ['events'],
        // The ticket (POST /events/ticket) is the credential: EventSource sends no Authorization header.
        security: [{ eventTicket: [] }],
        querystring: eventsQuerySchema,
        response: { 200: eventResponses.stream },
      },
    },
    async (req, reply) => {
      const { claims, scope } = await service.openStream(app.db, req.query, secret);
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let ended = false;
      /** One event; `position` (its SSE id) on the last of a read: the register has the branch's events up to it. */
      const send = (event: LiveEvent | { type: 'ready'; data: object }, position?: Horizon) => {
        if (ended) return;
        const id = position ? `id: ${encodePosition(position)}\n` : '';
        raw.write(`${id}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
      };
      const sendAll = (events: LiveEvent[], position: Horizon) => {
        for (const [i, event] of events.entries()) send(event, i === events.length - 1 ? position : undefined);
      };
      let unsubscribe: (() => void) | undefined;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe?.();
        streams.delete(end);
        raw.end();
      };
      const heartbeat = setInterval(() => {
        raw.write(': heartbeat\n\n');
        void service.liveActor(app.db, claims).then(
          (actor) => actor ?? end(),
          () => undefined,
        );
      }, HEARTBEAT_MS);
      streams.add(end);
      raw.on('close', end);
      raw.write('retry: 3000\n\n');
      // A register that reconnects says where its last stream left it (`since`): the events the branch's
      // outbox holds after that come first, and the live ones wait behind them (an event read by both comes
      // again later, in order, so each product's last word is its newest).
      const resumeAt = req.query.since === undefined ? undefined : decodePosition(req.query.since);
      let waiting: [LiveEvent[], Horizon][] | undefined = resumeAt ? [] : undefined;
      const subscribed = await hub.subscribe(scope, (events, position) =>
        waiting ? waiting.push([events, position]) : sendAll(events, position),
      );
      unsubscribe = subscribed.unsubscribe;
      if (ended) return unsubscribe();
      send({ type: 'ready', data: { branchId: scope.branchId } }, resumeAt ?? subscribed.position);
      const missed = resumeAt && (await readBranchEventsAfter(app.db, scope.branchId, resumeAt).catch(() => undefined));
      if (missed) sendAll(missed.events, missed.position);
      // A position the outbox no longer covers, or not a position: the register syncs its catalogue instead.
      else if (req.query.since !== undefined) send({ type: 'resync', data: {} });
      for (const [events, position] of waiting ?? []) sendAll(events, position);
      waiting = undefined;
    },
  );
}
