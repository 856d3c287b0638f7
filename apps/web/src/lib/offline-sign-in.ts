import type { SessionUser } from '@pos/shared';
import Dexie, { type EntityTable } from 'dexie';
import { OFFLINE_SIGN_IN_MAX_HOURS } from './session-store';

/**
 * Offline sign-in (docs/architecture/offline.md, "Signing in without the server"). Each online
 * sign-in on this device leaves a verifier of the password (PBKDF2-SHA-256, 600,000 iterations, a
 * random salt, through WebCrypto) and the signed-in user's profile in IndexedDB. With the server out
 * of reach, the same username and password open an offline session for up to
 * OFFLINE_SIGN_IN_MAX_HOURS after that online sign-in: no token (nothing reaches the server under
 * it), the register only, its sales queued. The password itself is never stored. WebCrypto and
 * service workers both need a secure context (https or localhost), so where there is none the
 * register cannot work offline at all and nothing is kept.
 */
const ITERATIONS = 600_000;

type Credential = {
  /** Lowercase username. */
  username: string;
  salt: string;
  hash: string;
  iterations: number;
  user: SessionUser;
  /** When the user last signed in online on this device (ms since epoch). */
  savedAt: number;
};

class CredentialsDb extends Dexie {
  credentials!: EntityTable<Credential, 'username'>;
  constructor() {
    super('pos-credentials');
    this.version(1).stores({ credentials: 'username' });
  }
}

let instance: CredentialsDb | null = null;
const db = () => {
  instance ??= new CredentialsDb();
  return instance;
};

export const offlineSignInSupported = (): boolean =>
  typeof window !== 'undefined' && window.isSecureContext && Boolean(globalThis.crypto?.subtle);

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return toHex(new Uint8Array(bits));
}

/** After an online sign-in: keep what lets this user sign in here while the server is out of reach. */
export async function rememberSignIn(username: string, password: string, user: SessionUser): Promise<void> {
  if (!offlineSignInSupported()) return;
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, ITERATIONS);
  await db().credentials.put({
    username: username.trim().toLowerCase(),
    salt: toHex(salt),
    hash,
    iterations: ITERATIONS,
    user,
    savedAt: Date.now(),
  });
}

/**
 * The user of an offline sign-in, or why not: 'unknown' (never signed in online here, or longer ago
 * than the limit) or 'wrong-password'.
 */
export async function signInOffline(
  username: string,
  password: string,
): Promise<{ user: SessionUser } | { refused: 'unknown' | 'wrong-password' }> {
  if (!offlineSignInSupported()) return { refused: 'unknown' };
  const kept = await db().credentials.get(username.trim().toLowerCase());
  if (!kept || Date.now() - kept.savedAt > OFFLINE_SIGN_IN_MAX_HOURS * 3_600_000) return { refused: 'unknown' };
  const hash = await derive(password, fromHex(kept.salt), kept.iterations);
  return hash === kept.hash ? { user: kept.user } : { refused: 'wrong-password' };
}
