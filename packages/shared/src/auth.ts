import { z } from 'zod';
import { envelope } from './common';
import { ifMissing, MSG } from './messages';
import { PERMISSIONS } from './roles';

export const loginSchema = z.object({
  username: z
    .string({ error: ifMissing(MSG.usernameMin) })
    .trim()
    .min(3, MSG.usernameMin)
    .max(100),
  password: z
    .string({ error: ifMissing(MSG.passwordMin) })
    .min(6, MSG.passwordMin)
    .max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const newPasswordSchema = z
  .string({ error: ifMissing(MSG.newPasswordRequired) })
  .min(1, MSG.newPasswordRequired)
  .min(8, MSG.newPasswordMin)
  .max(200)
  .regex(/[a-z]/, MSG.newPasswordLower)
  .regex(/[A-Z]/, MSG.newPasswordUpper)
  .regex(/[0-9]/, MSG.newPasswordNumber);

/** The payload of POST /auth/update-password. */
export const updatePasswordSchema = z.object({
  oldPassword: z
    .string({ error: ifMissing(MSG.currentPasswordRequired) })
    .min(1, MSG.currentPasswordRequired)
    .max(200),
  newPassword: newPasswordSchema,
});
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;

/** The settings form adds the confirmation, which never leaves the browser. */
export const changePasswordFormSchema = z
  .object({
    oldPassword: z.string().min(1, MSG.currentPasswordRequired),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, MSG.confirmRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export type PasswordStrength = { score: number; label: 'Weak' | 'Fair' | 'Good' | 'Strong'; color: string };

/** 25 points each for length >= 8, a lowercase letter, an uppercase letter, a digit or one of !@#$%^&*. */
export function passwordStrength(password: string): PasswordStrength {
  const score =
    (password.length >= 8 ? 25 : 0) +
    (/[a-z]/.test(password) ? 25 : 0) +
    (/[A-Z]/.test(password) ? 25 : 0) +
    (/[0-9!@#$%^&*]/.test(password) ? 25 : 0);
  if (score <= 25) return { score, label: 'Weak', color: 'red' };
  if (score <= 50) return { score, label: 'Fair', color: 'orange' };
  if (score <= 75) return { score, label: 'Good', color: 'yellow' };
  return { score, label: 'Strong', color: 'green' };
}

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type Role = z.infer<typeof roleSchema>;

export const branchSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  companyId: z.string(),
  isMain: z.boolean(),
  isActive: z.boolean(),
  timezone: z.string(),
});
export type Branch = z.infer<typeof branchSchema>;

/** A company as GET /auth/companies lists it (without its branches). */
export const companySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  /** The NTN (Pakistan's tax id); printed in the receipt's header when set. */
  taxId: z.string().nullable(),
  /** The sales tax registration number; printed in the receipt's header when set. */
  strn: z.string().nullable(),
  /** ISO 4217 code every amount of the company is shown in. */
  currency: z.string(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const companySchema = companySummarySchema.extend({ branches: z.array(branchSchema) });
export type Company = z.infer<typeof companySchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  username: z.string(),
  isSuperUser: z.boolean(),
  isActive: z.boolean(),
  roles: z.array(roleSchema),
  companyId: z.string().nullable(),
  branchId: z.string().nullable(),
  managedBranch: z.object({ id: z.string(), name: z.string() }).nullable(),
  company: z.array(companySchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** POST /auth/login answers the spec's shape, without the envelope. */
export const loginResponseSchema = z.object({ user: sessionUserSchema, access_token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const authResponses = {
  login: loginResponseSchema,
  me: envelope(sessionUserSchema),
  logout: envelope(z.null()),
  /** The password is changed and this session's fresh token answered (the others are revoked). */
  passwordChanged: envelope(z.object({ access_token: z.string() })),
};
