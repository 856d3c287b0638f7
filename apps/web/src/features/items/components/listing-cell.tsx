import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Listing, Variant } from '@pos/shared';
import { branchPriceLabel } from '../utils/listings';
import { PriceEditor } from './price-editor';

type Props = {
  variant: Variant;
  branch: { id: string; name: string };
  listing: Listing | undefined;
  busy: boolean;
  /** List the variant in the branch, at the chain price. */
  onList: () => void;
  /** A typed branch price: the branch's override. */
  onPrice: (price: number) => Promise<unknown>;
  /** Back to the chain price (asks first). */
  onUseChainPrice: () => void;
};

/**
 * One branch's cell of a variant: 'Not listed' with its List here action, or the branch's price (editable:
 * a typed price is the branch's override) with whether it is the chain price or an override.
 */
export function ListingCell({ variant, branch, listing, busy, onList, onPrice, onUseChainPrice }: Props) {
  const where = `${variant.name} at ${branch.name}`;
  if (!listing) {
    return (
      <Stack gap={4} align="flex-start" data-testid="listing-cell" data-state="not-listed">
        <Text size="sm" c="dimmed">
          Not listed
        </Text>
        <Button size="compact-sm" variant="light" onClick={onList} loading={busy} aria-label={`List here: ${where}`}>
          List here
        </Button>
      </Stack>
    );
  }
  const overridden = listing.priceOverridden;
  return (
    <Stack gap={4} align="flex-start" data-testid="listing-cell" data-state={overridden ? 'override' : 'chain'}>
      <PriceEditor label={branchPriceLabel(variant.name, branch.name)} value={listing.price} onSave={onPrice} />
      <Group gap={6} wrap="nowrap">
        <Badge size="sm" variant="light" color={overridden ? 'orange' : 'gray'} tt="none">
          {overridden ? 'Override' : 'Chain price'}
        </Badge>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          Stock {listing.stockQuantity.toLocaleString('en-US')}
        </Text>
      </Group>
      {overridden ? (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={onUseChainPrice}
          loading={busy}
          aria-label={`Use chain price: ${where}`}
        >
          Use chain price
        </Button>
      ) : null}
    </Stack>
  );
}
