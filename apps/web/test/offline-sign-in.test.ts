import 'fake-indexeddb/auto';
import type { SessionUser } from '@pos/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineSignInSupported, rememberSignIn, signInOffline } from '../src/lib/offline-sign-in';
import { OFFLINE_SIGN_IN_MAX_HOURS } from '../src/lib/session-store';

const user = { id: 'u-1', name: 'Sara Cashier', username: 'cashier' } as unknown as SessionUser;

describe('offline sign-in (a verifier of the last online sign-in, WebCrypto PBKDF2)', () => {
  beforeEach(() => {
    // The register's secure context (https or localhost), as service workers need too.
    vi.stubGlobal('isSecureContext', true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('lets the same username and password in after an online sign-in, and nothing else', async () => {
    expect(offlineSignInSupported()).toBe(true);
    expect(await signInOffline('cashier', 'secret-1')).toEqual({ refused: 'unknown' });
    await rememberSignIn(' Cashier ', 'secret-1', user);
    expect(await signInOffline('CASHIER', 'secret-1')).toEqual({ user });
    expect(await signInOffline('cashier', 'secret-2')).toEqual({ refused: 'wrong-password' });
    expect(await signInOffline('manager', 'secret-1')).toEqual({ refused: 'unknown' });
  });

  it('keeps no password, only a salted verifier', async () => {
    await rememberSignIn('keeper', 'plain-text-password', user);
    const { default: Dexie } = await import('dexie');
    const db = new Dexie('pos-credentials');
    await db.open();
    const rows = await db.table('credentials').toArray();
    db.close();
    const kept = rows.find((r) => r.username === 'keeper');
    expect(JSON.stringify(kept)).not.toContain('plain-text-password');
    expect(kept.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(kept.salt).toMatch(/^[0-9a-f]{32}$/);
  });

  it(`refuses after ${OFFLINE_SIGN_IN_MAX_HOURS} hours without an online sign-in`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T08:00:00Z'));
    await rememberSignIn('late', 'secret-1', user);
    vi.setSystemTime(new Date(Date.parse('2026-11-20T08:00:00Z') + OFFLINE_SIGN_IN_MAX_HOURS * 3_600_000 - 60_000));
    expect(await signInOffline('late', 'secret-1')).toEqual({ user });
    vi.setSystemTime(new Date(Date.parse('2026-11-20T08:00:00Z') + OFFLINE_SIGN_IN_MAX_HOURS * 3_600_000 + 60_000));
    expect(await signInOffline('late', 'secret-1')).toEqual({ refused: 'unknown' });
  });

  it('keeps nothing without a secure context (no service worker there either)', async () => {
    vi.stubGlobal('isSecureContext', false);
    expect(offlineSignInSupported()).toBe(false);
    await rememberSignIn('insecure', 'secret-1', user);
    vi.stubGlobal('isSecureContext', true);
    expect(await signInOffline('insecure', 'secret-1')).toEqual({ refused: 'unknown' });
  });
});
