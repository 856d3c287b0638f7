import type { SellVoucherInput, VoucherStatus, voucherResponses } from '@pos/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '.';

/**
 * Gift vouchers (docs/architecture/returns.md, 'Gift vouchers'): the register sells one and checks one by its
 * code at Payment; the back office lists the branch's vouchers and what they still owe.
 */
export type VoucherListParams = { branchId: string; page: number; limit: number; status: VoucherStatus | 'all' };

export const voucherKeys = {
  all: ['gift-vouchers'] as const,
  list: (p: VoucherListParams) => ['gift-vouchers', p.branchId, 'list', p] as const,
  liability: (branchId: string) => ['gift-vouchers', branchId, 'liability'] as const,
};

/** GET /gift-vouchers/code/{code}?branchId=: one voucher, its balance and expiry (404 unknown, 400 malformed). */
export async function fetchVoucherByCode(branchId: string, code: string, signal?: AbortSignal) {
  const answer = await apiRequest<Answer<typeof voucherResponses.one>>(
    `/gift-vouchers/code/${encodeURIComponent(code)}`,
    { query: { branchId }, signal },
  );
  return answer.data;
}

/**
 * POST /gift-vouchers: sell one. `id` is the sale's own (one per voucher sold, the same on a retry of it, so a
 * lost answer sells it once); cash at the register names the open shift (`shift_id`: a paid-in of its drawer).
 */
export function useSellVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SellVoucherInput & { id: string }) =>
      apiRequest<Answer<typeof voucherResponses.one>>('/gift-vouchers', { method: 'POST', body: input }).then(
        (answer) => answer.data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voucherKeys.all }),
  });
}

/** GET /gift-vouchers: a page of the branch's vouchers, newest first, by status (Manager, Super Admin). */
export const vouchersQuery = (params: VoucherListParams) =>
  queryOptions({
    queryKey: voucherKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof voucherResponses.list>>('/gift-vouchers', { query: params, signal }),
    enabled: Boolean(params.branchId),
  });

/** GET /gift-vouchers/liability: what the branch's vouchers still owe, and what is left on expired ones. */
export const voucherLiabilityQuery = (branchId: string) =>
  queryOptions({
    queryKey: voucherKeys.liability(branchId),
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof voucherResponses.liability>>('/gift-vouchers/liability', {
        query: { branchId },
        signal,
      }).then((answer) => answer.data),
    enabled: Boolean(branchId),
  });
