// Register codes and offline receipt numbers. No zod in this module: the register's outbox takes
// offlineReceiptNumber on its first load, which must not carry the schemas (the first-load JavaScript budget).

/** A register code: R followed by a number. */
export const REGISTER_CODE_PATTERN = /^R[1-9]\d*$/;

/** An offline receipt number: `<register code>-<6 digits or more>` (R2-000017). */
export const OFFLINE_RECEIPT_PATTERN = /^R[1-9]\d*-\d{6,}$/;

/** The register sequence part of an offline receipt number, 6 digits wide. */
export const offlineReceiptNumber = (code: string, sequence: number) => `${code}-${String(sequence).padStart(6, '0')}`;
