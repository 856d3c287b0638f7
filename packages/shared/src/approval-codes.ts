// The refusal codes of a manager's approval. No zod in this module: the register's checkout takes
// them on its first load, which must not carry the schemas (the first-load JavaScript budget).

/** Why a cashier's request needs a manager: the 403's `code` is APPROVAL_REQUIRED, `errors.approval` says which limit. */
export const APPROVAL_REQUIRED = 'APPROVAL_REQUIRED';
export const APPROVAL_INVALID = 'APPROVAL_INVALID';

/** `errors.approval` of a cashier's return at the register (a return grant, not a sale's, answers it). */
export const RETURN_NEEDS_MANAGER = 'Returns at the register need a manager';
