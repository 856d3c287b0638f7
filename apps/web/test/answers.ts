import type { z } from 'zod';

/**
 * A stubbed API answer built from the route's response schema in packages/shared, the schema the server
 * serializes that answer through: the fixture is typed by it (it cannot name a field the server does not
 * send, or leave out one it does) and parsed through it (a value of the wrong shape fails the test), so
 * the fetch stubs of the web tests cannot drift from the server.
 */
export function answer<S extends z.ZodType>(schema: S, body: z.input<S>, status = 200): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(schema.parse(body)), { status }));
}

/** An error answer in the server's error envelope `{ success: false, message, code }`. */
export function failure(status: number, message: string, code: string): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify({ success: false, message, code }), { status }));
}

/** The meta of a one-page answer of `count` rows. */
export const onePage = (count: number, limit = 10) => ({ total: count, page: 1, limit, totalPages: 1 });
