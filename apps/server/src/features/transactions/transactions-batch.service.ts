import {
  cashMovementSigningText,
  createSaleSchema,
  DEVICE_MSG,
  DEVICE_PROOF_INVALID,
  DEVICE_PROOF_REQUIRED,
  offlineCashMovementSchema,
  type SaleBatch,
  type SaleBatchResult,
  saleSigningText,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
// The one path of a cash movement into a shift (the paid-out ceiling, the drawer's holder), shared with the
// shifts feature: an offline movement uploaded here goes through it.
import { addOfflineCashMovement } from '../../domain/cash-drawer';
import { type Actor, resolveBranch } from '../../lib/access';
import { isSignedByDevice } from '../../lib/device-proof';
import { clientErrorOf } from '../../lib/error-handler';
import { AppError, notFound } from '../../lib/errors';
import { createSale, type DeviceProof, deviceUserOf } from './sale-write.service';
import { findBranchRegister } from './transactions.repo';

const RECORDED = 'Payment processed successfully';
const MOVEMENT_RECORDED = 'Cash movement recorded';
const OTHER_BRANCH = "The sale's branch is not the batch's branch";

/**
 * POST /transactions/batch: a register's queued sales, recorded one after the other in the batch's order
 * by the one sale path, `createSale` (its own statement and transaction, its own Idempotency-Key), so a
 * batch sent again after a lost answer records nothing twice: the sales already recorded answer as
 * replays. Each sale answers what POST /transactions would have: 201, or its 4xx (a malformed sale, a
 * sale of another branch than the batch's, a refusal of createSale), and the next sale goes on. Then the
 * batch's offline cash movements, in order, each by the drawer's one movement path (addOfflineCashMovement),
 * keyed by its own id. An unexpected error (a 5xx: the database gone) fails the whole request: the register
 * backs off and sends the batch again, and whatever was recorded before the failure answers as a replay then.
 */
export async function createSaleBatch(
  db: Db,
  actor: Actor,
  batch: SaleBatch,
): Promise<{ results: SaleBatchResult[]; movementResults: SaleBatchResult[] }> {
  // The batch's branch is in reach with `sell` (404 / 403 for the whole batch, like a single sale).
  const scope = await resolveBranch(db, { actor, branchId: batch.branchId, permission: 'sell' });
  const results: SaleBatchResult[] = [];
  for (const { idempotency_key: idempotencyKey, sale, signature } of batch.sales) {
    results.push(await recordOne(db, actor, scope, { idempotencyKey, sale, signature }));
  }
  const movementResults: SaleBatchResult[] = [];
  for (const { cash_movement: movement, signature } of batch.cash_movements) {
    movementResults.push(await recordMovement(db, actor, scope, { movement, signature }));
  }
  return { results, movementResults };
}

/**
 * One offline cash movement of the batch: parsed on its own (400), signed by the register it names
 * (403 DEVICE_PROOF_REQUIRED without a signature, DEVICE_PROOF_INVALID for another's; that register of the
 * batch's branch, 404), recorded by the user it names (deviceUserOf: staff of the branch who signed in on
 * the register), then the drawer's movement path. Answers like a sale of the batch.
 */
async function recordMovement(
  db: Db,
  actor: Actor,
  scope: { companyId: string; branchId: string },
  { movement, signature }: { movement: Record<string, unknown>; signature?: string },
): Promise<SaleBatchResult> {
  const namedId = typeof movement.id === 'string' ? movement.id : null;
  const parsed = offlineCashMovementSchema.safeParse(movement);
  if (!parsed.success) return { id: namedId, replayed: false, ...validationError(parsed.error) };
  try {
    const input = parsed.data;
    if (signature === undefined) throw new AppError(403, DEVICE_PROOF_REQUIRED, DEVICE_MSG.movementProofRequired);
    const device = await verifyDevice(db, scope, {
      registerId: input.register_id,
      text: cashMovementSigningText(movement),
      signature,
      invalid: DEVICE_MSG.movementProofInvalid,
    });
    const user = await deviceUserOf(db, actor, scope, { userId: input.user_id, device, field: 'user_id' });
    const { movement: recorded, replayed } = await addOfflineCashMovement(db, actor, scope, input, {
      user,
      register: { id: device.registerId, isTrusted: device.isTrusted },
    });
    return { id: recorded.id, status: 201, replayed, code: null, message: MOVEMENT_RECORDED };
  } catch (error) {
    const refused = clientErrorOf(error);
    if (!refused) throw error;
    const { message, code, errors } = refused.body;
    return { id: namedId, status: refused.statusCode, replayed: false, code, message, ...(errors && { errors }) };
  }
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
    const device =
      signature === undefined
        ? null
        : await verifyDevice(db, scope, {
            registerId: input.register_id,
            text: saleSigningText(sale),
            signature,
            invalid: DEVICE_MSG.proofInvalid,
          });
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
 * The register that signed what was sent (`text`: the sale's or the movement's signing text): its
 * `registerId`, a register of the batch's branch (404 otherwise, as any id out of reach), whose enrolled
 * key verifies the signature (403 otherwise).
 */
async function verifyDevice(
  db: Db,
  scope: { companyId: string; branchId: string },
  {
    registerId,
    text,
    signature,
    invalid,
  }: { registerId: string | undefined; text: string; signature: string; invalid: string },
): Promise<DeviceProof> {
  const register = registerId ? await findBranchRegister(db, { ...scope, id: registerId }) : undefined;
  if (registerId && !register) throw notFound('Register');
  if (!register?.publicKey || !isSignedByDevice({ publicKey: register.publicKey, text, signature })) {
    throw new AppError(403, DEVICE_PROOF_INVALID, invalid);
  }
  return { registerId: register.id, code: register.code, isTrusted: register.isTrusted };
}

/** A sale the schema refuses, as the route's validation answers it: the first message, and one per field. */
function validationError(error: z.ZodError): Pick<SaleBatchResult, 'status' | 'code' | 'message' | 'errors'> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return { status: 400, code: 'VALIDATION_ERROR', message: Object.values(errors)[0] ?? 'Invalid sale', errors };
}
