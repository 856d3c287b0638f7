import {
  type CreateSaleInput,
  createSaleSchema,
  DEVICE_MSG,
  DEVICE_PROOF_INVALID,
  type SaleBatchInput,
  type SaleBatchResult,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, resolveBranch } from '../../lib/access';
import { isSignedByDevice } from '../../lib/device-proof';
import { clientErrorOf } from '../../lib/error-handler';
import { AppError, notFound } from '../../lib/errors';
import { findBranchRegister } from './transactions.repo';
import { createSale, type DeviceProof } from './transactions.service';

const RECORDED = 'Payment processed successfully';
const OTHER_BRANCH = "The sale's branch is not the batch's branch";

/**
 * POST /transactions/batch: a register's queued sales, recorded one after the other in the batch's order
 * by the one sale path, `createSale` (its own statement and transaction, its own Idempotency-Key), so a
 * batch sent again after a lost answer records nothing twice: the sales already recorded answer as
 * replays. Each sale answers what POST /transactions would have: 201, or its 4xx (a malformed sale, a
 * sale of another branch than the batch's, a refusal of createSale), and the next sale goes on. An
 * unexpected error (a 5xx: the database gone) fails the whole request: the register backs off and sends
 * the batch again, and whatever was recorded before the failure answers as a replay then.
 */
export async function createSaleBatch(
  db: Db,
  actor: Actor,
  batch: SaleBatchInput,
): Promise<{ results: SaleBatchResult[] }> {
  // The batch's branch is in reach with `sell` (404 / 403 for the whole batch, like a single sale).
  const scope = await resolveBranch(db, { actor, branchId: batch.branchId, permission: 'sell' });
  const results: SaleBatchResult[] = [];
  for (const { idempotency_key: idempotencyKey, sale, signature } of batch.sales) {
    results.push(await recordOne(db, actor, scope, { idempotencyKey, sale, signature }));
  }
  return { results };
}

async function recordOne(
  db: Db,
  actor: Actor,
  scope: { companyId: string; branchId: string },
  { idempotencyKey, sale, signature }: { idempotencyKey: string; sale: Record<string, unknown>; signature?: string },
): Promise<SaleBatchResult> {
  const namedId = typeof sale.id === 'string' ? sale.id : null;
  const parsed = createSaleSchema.safeParse(sale);
  if (!parsed.success) return { id: namedId, replayed: false, ...validationError(parsed.error) };
  if (parsed.data.branchId !== scope.branchId) {
    return {
      id: namedId,
      status: 400,
      replayed: false,
      code: 'BAD_REQUEST',
      message: OTHER_BRANCH,
      errors: { branchId: OTHER_BRANCH },
    };
  }
  try {
    const input = parsed.data;
    const device = signature === undefined ? null : await verifyDevice(db, scope, { input, sale, signature });
    const { sale: recorded, isReplay } = await createSale(db, actor, { input, idempotencyKey, device });
    return { id: recorded.id, status: 201, replayed: isReplay, code: null, message: RECORDED };
  } catch (error) {
    const refused = clientErrorOf(error);
    if (!refused) throw error;
    const { message, code, errors } = refused.body;
    return { id: namedId, status: refused.statusCode, replayed: false, code, message, ...(errors && { errors }) };
  }
}

/**
 * The register that signed the sale as sent: its `register_id`, a register of the batch's branch (404
 * otherwise, as any id out of reach), whose enrolled key verifies the signature (403 otherwise).
 */
async function verifyDevice(
  db: Db,
  scope: { companyId: string; branchId: string },
  { input, sale, signature }: { input: CreateSaleInput; sale: Record<string, unknown>; signature: string },
): Promise<DeviceProof> {
  const register = input.register_id ? await findBranchRegister(db, { ...scope, id: input.register_id }) : undefined;
  if (input.register_id && !register) throw notFound('Register');
  if (!register?.publicKey || !isSignedByDevice({ publicKey: register.publicKey, sale, signature })) {
    throw new AppError(403, DEVICE_PROOF_INVALID, DEVICE_MSG.proofInvalid);
  }
  return { registerId: register.id, code: register.code, isTrusted: register.isTrusted };
}

/** A sale the schema refuses, as the route's validation answers it: the first message, and one per field. */
function validationError(error: z.ZodError): Pick<SaleBatchResult, 'status' | 'code' | 'message' | 'errors'> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return { status: 400, code: 'VALIDATION_ERROR', message: Object.values(errors)[0] ?? 'Invalid sale', errors };
}
