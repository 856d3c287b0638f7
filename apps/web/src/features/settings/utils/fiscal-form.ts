import {
  FISCAL_ENVIRONMENTS,
  type FiscalEnvironment,
  type FiscalProvider,
  type FiscalSettings,
  type FiscalSettingsInput,
  fiscalRegisterInputSchema,
  fiscalSettingsInputSchema,
} from '@pos/shared';
import { z } from 'zod';

export const PROVIDER_OPTIONS: { value: FiscalProvider; label: string }[] = [
  { value: 'none', label: 'None: this branch does not report' },
  { value: 'fbr', label: 'FBR (Pakistan)' },
];

const ENVIRONMENT_LABELS: Record<FiscalEnvironment, string> = {
  simulator: 'Simulator (testing)',
  sandbox: "FBR's sandbox",
  production: "FBR's production",
};
export const ENVIRONMENT_OPTIONS = FISCAL_ENVIRONMENTS.map((value) => ({ value, label: ENVIRONMENT_LABELS[value] }));

/** The branch's settings as the form's inputs hold them: NumberInput answers '' while empty. */
export type FiscalValues = {
  branchId: string;
  provider: FiscalProvider;
  environment: FiscalEnvironment;
  baseUrl: string;
  posId: number | string;
  /** A new token; empty keeps the stored one. */
  token: string;
  serviceFee: boolean;
  defaultPctCode: string;
};

export const FISCAL_FIELDS = ['provider', 'environment', 'baseUrl', 'posId', 'token', 'defaultPctCode'] as const;

export const EMPTY_FISCAL_VALUES: FiscalValues = {
  branchId: '',
  provider: 'none',
  environment: 'simulator',
  baseUrl: '',
  posId: '',
  token: '',
  serviceFee: false,
  defaultPctCode: '',
};

/** The stored settings in the form: the token never comes back, so its field starts empty. */
export const fiscalValuesOf = (s: FiscalSettings): FiscalValues => ({
  branchId: s.branchId,
  provider: s.provider,
  environment: s.environment,
  baseUrl: s.baseUrl ?? '',
  posId: s.posId ?? '',
  token: '',
  serviceFee: s.serviceFee,
  defaultPctCode: s.defaultPctCode ?? '',
});

/** A field the user left empty is sent as none; the token is left out (the stored one stays) unless one was typed. */
const blankToNull = (value: number | string) => (typeof value === 'string' && !value.trim() ? null : Number(value));

const URL_RE = /^https?:\/\/\S+$/;

/**
 * What the form sends. The simulator's URL shows only for the simulator: for FBR's own endpoints it is kept as
 * stored, and dropped if it is not a URL (an error on a field out of sight could not be put right).
 */
export const fiscalPayloadOf = (v: FiscalValues): FiscalSettingsInput => ({
  branchId: v.branchId,
  provider: v.provider,
  environment: v.environment,
  baseUrl: v.environment === 'simulator' || URL_RE.test(v.baseUrl.trim()) ? v.baseUrl.trim() || null : null,
  posId: blankToNull(v.posId),
  ...(v.token.trim() ? { token: v.token } : {}),
  serviceFee: v.serviceFee,
  defaultPctCode: v.defaultPctCode.trim() || null,
});

/** The form validates with the server's schema, on what it would send. */
export const fiscalFormSchema = z
  .unknown()
  .transform((v) => fiscalPayloadOf(v as FiscalValues))
  .pipe(fiscalSettingsInputSchema);

/** A register's row: its POS ID and a token (the API takes both at once). */
export type RegisterValues = { branchId: string; posId: number | string; token: string };

export const registerPayloadOf = (v: RegisterValues) => ({
  branchId: v.branchId,
  posId: blankToNull(v.posId) as number,
  token: v.token,
});

export const registerFormSchema = z
  .unknown()
  .transform((v) => registerPayloadOf(v as RegisterValues))
  .pipe(fiscalRegisterInputSchema);
