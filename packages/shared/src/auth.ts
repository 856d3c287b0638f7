import { z } from 'zod';
import { ifMissing, MSG } from './messages';
import type { Permission } from './roles';

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

export type Role = { id: number; name: string; permissions: Permission[] };

export type Branch = {
  id: string;
  name: string;
  address: string;
  phone: string;
  companyId: string;
  isMain: boolean;
  isActive: boolean;
  timezone: string;
};

export type Company = {
  id: string;
  name: string;
  address: string;
  phone: string;
  email: string;
  taxId: string | null;
  /** ISO 4217 code every amount of the company is shown in. */
  currency: string;
  branches: Branch[];
};

export type SessionUser = {
  id: string;
  name: string;
  email: string | null;
  username: string;
  isSuperUser: boolean;
  isActive: boolean;
  roles: Role[];
  companyId: string | null;
  branchId: string | null;
  managedBranch: { id: string; name: string } | null;
  company: Company[];
};

export type LoginResponse = { user: SessionUser; access_token: string };
