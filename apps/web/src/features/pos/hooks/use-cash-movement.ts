import {
  type CashMovement,
  type CashMovementInput,
  cashMovementSchema,
  exceedsDrawer,
  mayUseAnyDrawer,
  paidOutCeilingMessage,
  provisionalShiftReport,
  SHIFT_MSG,
  toMinor,
} from '@pos/shared';
import { addCashMovement } from '../../../lib/api/shifts.api';
import { formatMoney } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionStore } from '../../../lib/session-store';
import { newUuid } from '../../../lib/uuid';
import { connectivityStore, isNetworkFailure, isOnline } from '../offline/connectivity';
import { movementLabel, pendingForShift, queueCashMovement, savedShiftReport } from '../offline/shift-cache';
import { OFFLINE_TEXT } from './use-offline-sale';
import { useShift } from './use-shift';

/** A movement refused at the register (offline, by the same rules the server applies). */
export class CashMovementRefused extends Error {}

/**
 * Records a paid in / paid out of the register's open shift: online POST /shifts/{id}/cash-movements with
 * the movement's own id; without the server (offline, or the call failing with a network error) into the
 * outbox under the same id, after the server's rules as the register knows them: the drawer's holder, the
 * amount and reason, the paid-out ceiling on the provisional expected cash (the shift's figures at the last
 * sync plus what waits in the outbox). `id`: one per movement, the same on every attempt of it.
 */
export function useCashMovement() {
  const { branch } = useCurrentSelection();
  const { register, shift } = useShift();

  const recordOffline = async (input: CashMovementInput & { id: string }): Promise<CashMovement> => {
    const user = useSessionStore.getState().user;
    if (!register || !shift || !branch || !user) throw new CashMovementRefused(OFFLINE_TEXT.notEnrolled);
    if (user.id !== shift.cashierId && !mayUseAnyDrawer(user)) throw new CashMovementRefused(SHIFT_MSG.notYourShift);
    const parsed = cashMovementSchema.safeParse(input);
    if (!parsed.success) throw new CashMovementRefused(parsed.error.issues[0]?.message ?? 'Invalid cash movement');
    const base = await savedShiftReport(shift.id);
    if (base && parsed.data.kind === 'paid_out') {
      const expected = provisionalShiftReport(base.value, await pendingForShift(branch.id, shift.id)).expectedCash;
      if (exceedsDrawer(parsed.data, toMinor(expected))) {
        throw new CashMovementRefused(paidOutCeilingMessage(formatMoney(Math.max(expected, 0))));
      }
    }
    const { kind, amount, reason } = parsed.data;
    const entry = await queueCashMovement({
      movement: {
        id: input.id,
        shift_id: shift.id,
        register_id: register.registerId,
        user_id: user.id,
        kind,
        amount,
        reason,
      },
      branchId: branch.id,
      userName: user.name,
      label: movementLabel(kind, formatMoney(amount)),
    });
    return { id: entry.id, kind, amount, reason, userName: user.name, at: entry.soldAt, offline: true, flags: [] };
  };

  return {
    newId: newUuid,
    /** The movement recorded (online: the server's answer), or a refusal (thrown: ApiError or CashMovementRefused). */
    record: async (input: CashMovementInput & { id: string }): Promise<{ movement: CashMovement; queued: boolean }> => {
      if (!shift) throw new CashMovementRefused('No open shift');
      if (!isOnline() || !useSessionStore.getState().token)
        return { movement: await recordOffline(input), queued: true };
      try {
        return { movement: (await addCashMovement(shift.id, input)).data, queued: false };
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        // The server went out of reach: queued under the same id, so if it did record it, once.
        connectivityStore.getState().markOffline();
        return { movement: await recordOffline(input), queued: true };
      }
    },
  };
}
