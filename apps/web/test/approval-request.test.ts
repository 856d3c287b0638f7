import { APPROVAL_INVALID, APPROVAL_MSG, APPROVAL_REQUIRED, RETURN_NEEDS_MANAGER } from '@pos/shared';
import { describe, expect, it, vi } from 'vitest';
import { approvalStore, withApproval } from '../src/features/pos/store/approval-request';
import { ApiError } from '../src/lib/api';

const required = new ApiError({ status: 403, message: 'Manager approval required: discount', code: APPROVAL_REQUIRED });
const refused = (message: string) => new ApiError({ status: 403, message, code: APPROVAL_INVALID });

/** Waits for the approval modal's question and answers it; resolves with the refusal shown with it. */
async function answerWith(approval: { username: string; pin: string } | null): Promise<string | null> {
  await vi.waitFor(() => expect(approvalStore.getState().answer).not.toBeNull());
  const { error, answer } = approvalStore.getState();
  answer?.(approval);
  return error;
}

describe('withApproval', () => {
  it('trades the PIN for a grant and sends again naming only the grant', async () => {
    const send = vi.fn(async (grantId?: string) => {
      if (!grantId) throw required;
      return `sale with ${grantId}`;
    });
    const grant = vi.fn(async () => 'grant-1');
    const result = withApproval(send, grant);
    expect(await answerWith({ username: 'manager', pin: '2468' })).toBeNull();
    expect(await result).toBe('sale with grant-1');
    expect(grant).toHaveBeenCalledWith({ username: 'manager', pin: '2468' });
    expect(send.mock.calls).toEqual([[], ['grant-1']]);
  });

  it("asks again with the server's message when the grant or the sale refuses it", async () => {
    const send = vi.fn(async (grantId?: string) => {
      if (!grantId) throw required;
      if (grantId === 'stale') throw refused(APPROVAL_MSG.grantExpired);
      return grantId;
    });
    const grants = ['wrong-pin', 'stale', 'fresh'];
    const grant = vi.fn(async () => {
      const next = grants.shift();
      if (next === 'wrong-pin') throw refused(APPROVAL_MSG.invalid);
      return next ?? '';
    });
    const result = withApproval(send, grant);
    expect(await answerWith({ username: 'manager', pin: '0000' })).toBeNull();
    expect(await answerWith({ username: 'manager', pin: '2468' })).toBe(APPROVAL_MSG.invalid);
    expect(await answerWith({ username: 'manager', pin: '2468' })).toBe(APPROVAL_MSG.grantExpired);
    expect(await result).toBe('fresh');
  });

  it('gives the first refusal back when cancelled', async () => {
    const result = withApproval(
      async () => {
        throw required;
      },
      async () => 'never',
    );
    await answerWith(null);
    await expect(result).rejects.toBe(required);
  });

  it("answers an exchange's return with a return grant and its sale with a sale grant, each asked once", async () => {
    const forReturn = new ApiError({
      status: 403,
      message: `Manager approval required: ${RETURN_NEEDS_MANAGER}`,
      code: APPROVAL_REQUIRED,
      errors: { approval: RETURN_NEEDS_MANAGER },
    });
    const forSale = new ApiError({
      status: 403,
      message: 'Over the credit limit',
      code: APPROVAL_REQUIRED,
      errors: { approval: 'Over the credit limit' },
    });
    const isReturn = (refusal: ApiError) => refusal.errors?.approval === RETURN_NEEDS_MANAGER;
    const send = vi.fn(async (returnGrant?: string, saleGrant?: string) => {
      if (!returnGrant) throw forReturn;
      if (!saleGrant) throw forSale;
      return [returnGrant, saleGrant];
    });
    const grants = vi.fn(async ({ pin }: { pin: string }) => (pin === '1111' ? 'return-grant' : 'sale-grant'));
    const result = withApproval(
      (returnGrant) =>
        withApproval(
          (saleGrant) => send(returnGrant, saleGrant),
          grants,
          (refusal) => !isReturn(refusal),
        ),
      grants,
      isReturn,
    );
    await vi.waitFor(() => expect(approvalStore.getState().reason).toBe(forReturn.message));
    await answerWith({ username: 'manager', pin: '1111' });
    await vi.waitFor(() => expect(approvalStore.getState().reason).toBe(forSale.message));
    await answerWith({ username: 'manager', pin: '2222' });
    expect(await result).toEqual(['return-grant', 'sale-grant']);
    expect(send.mock.calls).toEqual([
      [undefined, undefined],
      ['return-grant', undefined],
      ['return-grant', 'sale-grant'],
    ]);
  });
});
