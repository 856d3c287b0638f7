import type { ReceiptStore } from '../../../lib/printing';

type CompanyLike = { id: string; name?: string | null; address?: string | null; phone?: string | null };

/**
 * The header of a reprinted receipt: the selected company's name, address and phone. The session's
 * company list has the address and phone; the selection only the id and name. Nothing selected: null
 * (the receipt's placeholders stand in).
 */
export function reprintStore(
  selected: { id: string; name: string } | null,
  sessionCompanies: readonly CompanyLike[] | null | undefined,
): ReceiptStore {
  if (!selected) return null;
  const full = sessionCompanies?.find((c) => c.id === selected.id);
  return {
    name: full?.name || selected.name || null,
    address: full?.address || null,
    phone: full?.phone || null,
  };
}
