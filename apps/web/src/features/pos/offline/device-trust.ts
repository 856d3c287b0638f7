import {
  type CartRules,
  cashMovementSigningText,
  DEVICE_KEY_PARAMS,
  DEVICE_SIGN_PARAMS,
  type RegisterApprover,
  type RuleCart,
  type RuleDeparture,
  ruleDepartures,
  saleSigningText,
} from '@pos/shared';
import { fetchRegisterRules } from '../../../lib/api/register-rules.api';
import { fetchRegisterApprovers } from '../api/registers.api';
import { branchSettings } from './catalogue-sync';
import { getMeta, setMeta } from './db';

/**
 * What this register proves on its own (docs/architecture/register-trust.md): a key pair
 * made once on the device (the private key cannot leave the browser) whose public half is given at
 * enrolment, and with which every queued sale is signed when it uploads; the branch's register rules and
 * approvers, kept so the rules hold while offline and a manager's PIN can be checked without the server.
 */

const DEVICE_KEY = 'deviceKeyPair';
const rulesKey = (branchId: string) => `registerRules:${branchId}`;
const approversKey = (registerId: string) => `approvers:${registerId}`;

let keyPair: Promise<CryptoKeyPair | null> | null = null;

/** This device's key pair, made once and kept in IndexedDB; null where the browser cannot make or keep one. */
export function deviceKeyPair(): Promise<CryptoKeyPair | null> {
  keyPair ??= (async () => {
    try {
      const known = await getMeta<CryptoKeyPair>(DEVICE_KEY);
      if (known?.privateKey && known.publicKey) return known;
      const made = await crypto.subtle.generateKey(DEVICE_KEY_PARAMS, false, ['sign', 'verify']);
      await setMeta(DEVICE_KEY, made);
      return made;
    } catch {
      return null;
    }
  })();
  return keyPair;
}

const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** The public key enrolment sends (SPKI, base64), or undefined without a key. */
export async function devicePublicKey(): Promise<string | undefined> {
  const pair = await deviceKeyPair();
  if (!pair) return undefined;
  return base64(await crypto.subtle.exportKey('spki', pair.publicKey));
}

async function signText(text: string): Promise<string | undefined> {
  const pair = await deviceKeyPair();
  if (!pair) return undefined;
  return base64(await crypto.subtle.sign(DEVICE_SIGN_PARAMS, pair.privateKey, new TextEncoder().encode(text)));
}

/** The register's signature of a sale as it is sent (saleSigningText), or undefined without a key. */
export const signSale = (sale: unknown) => signText(saleSigningText(sale));

/** The register's signature of a cash movement as it is sent (cashMovementSigningText), or undefined without a key. */
export const signCashMovement = (movement: unknown) => signText(cashMovementSigningText(movement));

/** The branch's register rules and the register's approvers, kept for offline (online, on every opening). */
export async function syncApprovalData(
  { branchId, registerId }: { branchId: string; registerId: string },
  signal?: AbortSignal,
): Promise<void> {
  const [rules, approvers] = await Promise.all([
    fetchRegisterRules(branchId, signal),
    fetchRegisterApprovers({ registerId, branchId }, signal),
  ]);
  await setMeta(rulesKey(branchId), rules);
  await setMeta(approversKey(registerId), approvers);
}

/** What a cashier's cart departs from, by the rules last synced (none known: nothing). */
export async function offlineDepartures(branchId: string, cart: RuleCart): Promise<RuleDeparture[]> {
  const [rules, settings] = await Promise.all([
    getMeta<Omit<CartRules, 'taxRate'>>(rulesKey(branchId)),
    branchSettings(branchId),
  ]);
  if (!rules) return [];
  return ruleDepartures({ ...rules, taxRate: settings?.taxRate ?? 0 }, cart);
}

/**
 * A manager's PIN checked on the device against the hash the register synced (argon2id): the approver,
 * or null for an unknown username, a wrong PIN, or the cashier themselves.
 */
export async function verifyPinOffline({
  registerId,
  username,
  pin,
  cashierId,
}: {
  registerId: string;
  username: string;
  pin: string;
  cashierId: string;
}): Promise<Pick<RegisterApprover, 'id' | 'name'> | null> {
  const approvers = (await getMeta<RegisterApprover[]>(approversKey(registerId))) ?? [];
  const approver = approvers.find((a) => a.username.toLowerCase() === username.trim().toLowerCase());
  if (!approver || approver.id === cashierId) return null;
  const { argon2Verify } = await import('hash-wasm');
  const isRight = await argon2Verify({ password: pin, hash: approver.pinHash }).catch(() => false);
  return isRight ? { id: approver.id, name: approver.name } : null;
}
