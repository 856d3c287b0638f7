import { z } from 'zod';
import { idSchema } from './common';

/** A customer of one branch (unique by phone within it). */
export type Customer = {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  address: string | null;
  notes: string | null;
  isActive: boolean;
  createdAt: string;
};

/** What GET /customers/branch/{branchId}/phone/{phone} answers: the register fills name and email. */
export type CustomerContact = Pick<Customer, 'id' | 'name' | 'phone' | 'email'>;

export const customerPhoneLookupParamsSchema = z.object({
  branchId: idSchema,
  phone: z.string().trim().min(1, 'Phone is required').max(30, 'Invalid phone number'),
});
