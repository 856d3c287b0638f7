import { type Item, type Listing, updateVariantSchema, type Variant } from '@pos/shared';
import { formatMoney } from '../../../lib/format';

/** The variant's listing in the branch, or undefined where the branch does not sell it. */
export const listingIn = (variant: Pick<Variant, 'listings'>, branchId: string): Listing | undefined =>
  variant.listings.find((l) => l.branch.id === branchId);

/** How a variant's row calls it: its option values ('M / Red'), or the item's name when it has none. */
export const variantLabel = (variant: Pick<Variant, 'name' | 'optionValues'>) =>
  variant.optionValues.length > 0 ? variant.optionValues.join(' / ') : variant.name;

/** The accessible names of the grid's controls: 'Price of Tee / M at Main branch'. */
export const branchPriceLabel = (variantName: string, branchName: string) => `Price of ${variantName} at ${branchName}`;
export const chainPriceLabel = (variantName: string) => `Chain price of ${variantName}`;

/** A typed price: the number, or the shared schema's message ('Selling price must be greater than 0'). */
export function parsePrice(value: number | string): { ok: true; price: number } | { ok: false; message: string } {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  const parsed = updateVariantSchema.shape.price.safeParse(n);
  if (parsed.success && parsed.data !== undefined) return { ok: true, price: parsed.data };
  return { ok: false, message: parsed.error?.issues[0]?.message ?? 'Enter a price' };
}

/** The branches whose listing of the variant sells at the chain price (they follow a chain price change). */
export const followingBranches = (variant: Pick<Variant, 'listings'>) =>
  variant.listings.filter((l) => !l.priceOverridden).map((l) => l.branch.name);

/** What the confirmation of a chain price change says: from, to, and which branches follow it. */
export function chainPriceChangeText(variant: Pick<Variant, 'name' | 'price' | 'listings'>, price: number): string {
  const following = followingBranches(variant);
  const reach =
    following.length > 0
      ? `Every branch that sells it at the chain price follows: ${following.join(', ')}.`
      : 'No branch sells it at the chain price now; branches with their own price keep it.';
  return `Change the chain price of ${variant.name} from ${formatMoney(variant.price)} to ${formatMoney(price)}? ${reach}`;
}

/** What the confirmation of dropping a branch's own price says. */
export function dropOverrideText(variant: Pick<Variant, 'name' | 'price'>, listing: Listing): string {
  return `${variant.name} at ${listing.branch.name} sells at ${formatMoney(listing.price)}, its own price. Drop it and sell at the chain price, ${formatMoney(variant.price)}?`;
}

type OptionsOf = Pick<Item, 'optionNames'> & { variants: Pick<Variant, 'optionValues'>[] };

/** The values of each option in the order the variants use them: Size -> S, M, L. */
export function optionValuesOf(item: OptionsOf): { name: string; values: string[] }[] {
  return item.optionNames.map((name, index) => ({
    name,
    values: [...new Set(item.variants.flatMap((v) => (v.optionValues[index] ? [v.optionValues[index]] : [])))],
  }));
}

/** 'Options: Size (S, M, L), Colour (Red, Blue)', or that the item has none. */
export function optionSummary(item: OptionsOf): string {
  const options = optionValuesOf(item);
  if (options.length === 0) return 'No options: one variant';
  return `Options: ${options.map((o) => `${o.name} (${o.values.join(', ')})`).join(', ')}`;
}
