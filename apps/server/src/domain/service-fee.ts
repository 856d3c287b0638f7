import { FBR_SERVICE_FEE } from '@pos/shared';

/**
 * The POS service fee a branch's sales charge (docs/architecture/fiscal.md), as SQL over its `fiscal_settings`
 * row `settings` (left-joined: no row, no fee): FBR's fee when the branch reports to FBR with the fee switched
 * on, else 0. The sale statement checks a sale's fee against it and the registers' sync answers it, so both read
 * the one rule.
 */
export const serviceFeeSql = (settings: string) =>
  `(case when ${settings}.provider = 'fbr' and ${settings}.service_fee then ${FBR_SERVICE_FEE.toFixed(2)}::numeric else 0 end)`;
