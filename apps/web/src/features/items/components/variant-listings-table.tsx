import { Table, Text } from '@mantine/core';
import { ITEM_MSG, type Item, type Variant } from '@pos/shared';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSetListing, useUpdateVariant } from '../api/items.api';
import { STICKY_CELL, STICKY_SCROLL } from '../utils/inputs';
import { chainPriceChangeText, chainPriceLabel, dropOverrideText, listingIn, variantLabel } from '../utils/listings';
import { ListingCell } from './listing-cell';
import { PriceEditor } from './price-editor';

type Branch = { id: string; name: string };
/** A change to confirm: what the dialog says and the change itself. */
type Confirmation = {
  title: string;
  message: string;
  confirmLabel: string;
  color?: string;
  run: () => Promise<unknown>;
};
type Props = { item: Item; branches: Branch[] };

/** Runs a change with its toasts: the server's message when it is saved, its reason when it is not. */
async function saving<R extends { message?: string }>(action: () => Promise<R>, done: string, failed: string) {
  try {
    const answer = await action();
    notifySuccess(answer.message ?? done);
    return answer;
  } catch (failure) {
    notifyError(errorMessage(failure, failed));
    throw failure;
  }
}

/**
 * The item's variants by branch: each variant's chain price (a change reaches every branch that follows it,
 * confirmed first), and in each branch 'Not listed' or its price, the chain price or the branch's override.
 * Wider than a phone: it scrolls sideways with the variant column kept in view.
 */
export function VariantListingsTable({ item, branches }: Props) {
  const updateVariant = useUpdateVariant();
  const setListing = useSetListing();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  // The last confirmation stays on screen while the dialog closes.
  const shown = useRef<Confirmation | null>(null);
  if (confirmation) shown.current = confirmation;
  const [busyCell, setBusyCell] = useState<string | null>(null);

  const listingChange = async (variant: Variant, branch: Branch, price: number | null) => {
    setBusyCell(`${variant.id}:${branch.id}`);
    try {
      return await saving(
        () => setListing.mutateAsync({ variantId: variant.id, branchId: branch.id, body: { price } }),
        ITEM_MSG.listed,
        `Failed to change the listing at ${branch.name}`,
      );
    } finally {
      setBusyCell(null);
    }
  };

  const askChainPrice = (variant: Variant, price: number) =>
    setConfirmation({
      title: 'Change the chain price',
      message: chainPriceChangeText(variant, price),
      confirmLabel: 'Change chain price',
      run: () =>
        saving(
          () => updateVariant.mutateAsync({ id: variant.id, body: { price } }),
          ITEM_MSG.variantUpdated,
          'Failed to change the chain price',
        ),
    });

  const askUseChainPrice = (variant: Variant, branch: Branch) => {
    const listing = listingIn(variant, branch.id);
    if (!listing) return;
    setConfirmation({
      title: 'Use the chain price',
      message: dropOverrideText(variant, listing),
      confirmLabel: 'Use chain price',
      color: 'orange',
      run: () => listingChange(variant, branch, null),
    });
  };

  return (
    <>
      <Table.ScrollContainer type="native" style={STICKY_SCROLL} minWidth={200 + 190 + branches.length * 210}>
        <Table verticalSpacing="sm" aria-label="Prices by branch" withColumnBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={STICKY_CELL}>Variant</Table.Th>
              <Table.Th miw={200}>Chain price</Table.Th>
              {branches.map((b) => (
                <Table.Th key={b.id} miw={210}>
                  {b.name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {item.variants.map((variant) => (
              <Table.Tr key={variant.id} data-testid="variant-listings-row">
                <Table.Th scope="row" style={STICKY_CELL} fw={400}>
                  <Text size="sm" fw={600}>
                    {variantLabel(variant)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {variant.sku ?? 'No SKU'}
                  </Text>
                </Table.Th>
                <Table.Td>
                  <PriceEditor
                    label={chainPriceLabel(variant.name)}
                    value={variant.price}
                    onSave={(price) => askChainPrice(variant, price)}
                  />
                </Table.Td>
                {branches.map((branch) => (
                  <Table.Td key={branch.id}>
                    <ListingCell
                      variant={variant}
                      branch={branch}
                      listing={listingIn(variant, branch.id)}
                      busy={busyCell === `${variant.id}:${branch.id}`}
                      onList={() => void listingChange(variant, branch, null).catch(() => undefined)}
                      onPrice={(price) => listingChange(variant, branch, price)}
                      onUseChainPrice={() => askUseChainPrice(variant, branch)}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={confirmation !== null}
        onClose={() => setConfirmation(null)}
        onConfirm={() => shown.current?.run() ?? Promise.resolve()}
        title={shown.current?.title ?? ''}
        message={shown.current?.message ?? ''}
        confirmLabel={shown.current?.confirmLabel ?? ''}
        color={shown.current?.color}
      />
    </>
  );
}
