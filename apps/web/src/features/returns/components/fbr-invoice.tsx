import { Text } from '@mantine/core';
import type { FiscalReport } from '@pos/shared';
import { DetailField } from '../../../components/detail-field';

/**
 * A sale's or a return's report to FBR (docs/architecture/fiscal.md) as a read of it answers it: FBR's invoice
 * number once sent, 'FBR number pending' until then, 'FBR: failed' when FBR refused it (a manager resends it).
 * Nothing when its branch does not report (`fiscal` null or absent).
 */
export function FbrInvoiceText({ fiscal }: { fiscal: FiscalReport | null | undefined }) {
  if (!fiscal) return null;
  return (
    <Text size="sm" data-testid="fbr-invoice">
      {fiscal.status === 'failed' ? (
        'FBR: failed'
      ) : fiscal.number ? (
        <>
          FBR Invoice No: <b>{fiscal.number}</b>
        </>
      ) : (
        'FBR number pending'
      )}
    </Text>
  );
}

/** The same in a details modal's field ('FBR invoice'): the number alone, or what it waits for. */
export function FbrInvoiceField({ fiscal }: { fiscal: FiscalReport | null | undefined }) {
  if (!fiscal) return null;
  return (
    <DetailField label="FBR invoice">
      <span data-testid="fbr-invoice">
        {fiscal.status === 'failed' ? 'Refused by FBR: a manager sends it again' : (fiscal.number ?? 'Number pending')}
      </span>
    </DetailField>
  );
}
