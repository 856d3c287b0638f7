import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api';
import { useCurrentSelection } from '../../../lib/selection-context';
import { newUuid } from '../../../lib/uuid';
import { enrolRegister } from '../api/registers.api';
import { getMeta, setMeta } from '../offline/db';
import { devicePublicKey, syncApprovalData } from '../offline/device-trust';

/** The register this device is at, for the selected branch. */
export type RegisterIdentity = { registerId: string; code: string; branchId: string };

const DEVICE_KEY = 'deviceId';
const registerKey = (branchId: string) => `register:${branchId}`;

/** This device's id: made once, kept in IndexedDB (a reload, a sign-out, going offline keep it). */
export async function deviceId(): Promise<string> {
  const known = await getMeta<string>(DEVICE_KEY);
  if (known) return known;
  const made = newUuid();
  await setMeta(DEVICE_KEY, made);
  return made;
}

/** The register last enrolled for the branch on this device (offline the register works from it). */
export const storedRegister = (branchId: string) => getMeta<RegisterIdentity>(registerKey(branchId));

/**
 * Enrol the device at the branch. Online the enrolment is asked every time (idempotent by the device id,
 * so a server whose data was reset enrols it anew); when the server cannot be reached the stored
 * register stands.
 */
export async function ensureRegister(branchId: string): Promise<RegisterIdentity> {
  const stored = await storedRegister(branchId);
  try {
    const register = await enrolRegister({ branchId, deviceId: await deviceId(), publicKey: await devicePublicKey() });
    const identity = { registerId: register.id, code: register.code, branchId };
    await setMeta(registerKey(branchId), identity);
    // The rules and approvers for selling offline; the register works without them (then sells unchecked
    // offline, and the server lists what departed).
    await syncApprovalData({ branchId, registerId: register.id }).catch(() => undefined);
    return identity;
  } catch (error) {
    if (stored && isApiError(error) && (error.status === 0 || error.status >= 500)) return stored;
    throw error;
  }
}

export const registerQueryKey = (branchId: string | null) => ['register', branchId ?? ''] as const;

/** `{ registerId, code, branchId }` of this device at the selected branch, or null until enrolled. */
export function useRegister(): RegisterIdentity | null {
  const { branch } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  const query = useQuery({
    queryKey: registerQueryKey(branchId),
    queryFn: () => ensureRegister(branchId ?? ''),
    enabled: Boolean(branchId),
    // Runs offline too (the stored register); kept for the session; retried while the server is away.
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) => count < 5 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    retryDelay: (attempt) => Math.min(30_000, 1000 * 2 ** attempt),
  });
  return query.data ?? null;
}
