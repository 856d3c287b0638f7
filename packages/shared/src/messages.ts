/** The validation and error texts of the specification, kept in one place for client and server. */
export const MSG = {
  usernameMin: 'Username must be at least 3 characters',
  passwordMin: 'Password must be at least 6 characters',
  invalidCredentials: 'Invalid credentials',
  companyName: 'Company name is required',
  invalidEmail: 'Invalid email',
  invalidPhone: 'Invalid phone number',
  addressRequired: 'Address is required',
  branchName: 'Branch name is required',
  selectCompany: 'Please select a company',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  newPasswordMin: 'Password must be at least 8 characters long',
  newPasswordLower: 'Password must contain at least one lowercase letter',
  newPasswordUpper: 'Password must contain at least one uppercase letter',
  newPasswordNumber: 'Password must contain at least one number',
  confirmRequired: 'Please confirm your new password',
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordWrong: 'Current password is incorrect',
  /** Not in the spec: refused by the server wherever a password is set (apps/server/src/lib/password-policy.ts). */
  passwordTooCommon: 'This password is too common. Choose another one.',
  taxRequired: 'Tax rate is required',
  taxNegative: 'Tax rate cannot be negative',
  taxMax: 'Tax rate cannot exceed 100%',
  invalidCurrency: 'Currency must be an ISO 4217 code such as PKR, USD or EUR',
  /** Not in the spec: the company's tax registration in settings. */
  invalidNtn: 'NTN must be 7 digits and a check digit (1234567-8) or a 13-digit CNIC',
  invalidStrn: 'STRN must be 13 digits (dashes allowed)',
} as const;

/**
 * A zod `error` option that answers `message` when the field is missing (undefined or null) and
 * leaves every other issue to its own check: `z.string({ error: ifMissing(MSG.x) })`.
 */
export const ifMissing =
  (message: string) =>
  (issue: { input?: unknown }): string | undefined =>
    issue.input === undefined || issue.input === null ? message : undefined;
