import type { EventTicket } from '@pos/shared';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client';
import { type Actor, type BranchScope, resolveBranch, toActor } from '../../lib/access';
import { findLiveSession } from '../../lib/access.repo';
import { unauthorized } from '../../lib/errors';

/**
 * Event stream tickets (docs/architecture/offline.md, 'Registers and offline sales'). A browser's EventSource
 * cannot send the Authorization header, and a session token in a URL would end up in logs and
 * history; so a signed-in register asks POST /events/ticket for a ticket valid 60 s, naming its session
 * and one branch, and opens GET /events?ticket=... with it. Tickets are signed with a key derived from
 * the session key (so a ticket is never a session token, nor the reverse) and checked by any server
 * process; the stream re-reads the session at every heartbeat and ends when it is revoked.
 */

export const TICKET_TTL_MS = 60_000;
const AUDIENCE = 'pos-events';

export type TicketClaims = { userId: string; sessionId: string; branchId: string };

const keyOf = (secret: string) => new TextEncoder().encode(`${secret}\u0000${AUDIENCE}`);

/** POST /events/ticket: any staff of the branch (view_inventory: the stock they see live). */
export async function issueTicket(db: Db, actor: Actor, branchId: string, secret: string): Promise<EventTicket> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'view_inventory' });
  const expiresAt = new Date(Date.now() + TICKET_TTL_MS);
  const ticket = await new SignJWT({ sid: actor.sessionId, bid: scope.branchId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(actor.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
  return { ticket, expiresAt: expiresAt.toISOString() };
}

async function readTicket(ticket: string, secret: string): Promise<TicketClaims | null> {
  try {
    const { payload } = await jwtVerify(ticket, keyOf(secret), { algorithms: ['HS256'], audience: AUDIENCE });
    const { sub, sid, bid } = payload as { sub?: unknown; sid?: unknown; bid?: unknown };
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof bid !== 'string') return null;
    return { userId: sub, sessionId: sid, branchId: bid };
  } catch {
    return null;
  }
}

/** The actor of a live session, or null (revoked, expired, user deactivated). */
export async function liveActor(db: Db, claims: { userId: string; sessionId: string }): Promise<Actor | null> {
  const row = await findLiveSession(db, claims);
  if (!row) return null;
  const { sessionId, ...actorRow } = row;
  return toActor(actorRow, sessionId);
}

/**
 * GET /events: the ticket (401 when missing, forged, expired or for another branch than `branchId`),
 * its session still live (401), then the branch in the actor's reach (404) as for any request.
 */
export async function openStream(
  db: Db,
  { ticket, branchId }: { ticket: string; branchId?: string },
  secret: string,
): Promise<{ claims: TicketClaims; scope: BranchScope }> {
  const claims = await readTicket(ticket, secret);
  if (!claims || (branchId !== undefined && branchId !== claims.branchId))
    throw unauthorized('Invalid or expired ticket');
  const actor = await liveActor(db, claims);
  if (!actor) throw unauthorized();
  const scope = await resolveBranch(db, { actor, branchId: claims.branchId, permission: 'view_inventory' });
  return { claims, scope };
}
