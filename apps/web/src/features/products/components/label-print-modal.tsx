import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { BARCODE_KIND_LABELS, inferBarcodeKind } from '@pos/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type LabelData, printLabelSheet, printThermalLabels } from '../../../lib/printing/labels';
import type { LabelSelection } from '../hooks/use-label-selection';

type Format = 'sheet' | 'thermal';

/** A code as the choice names it: what it is (the SKU, or the barcode's kind) after it. */
const codeLabel = (code: string, sku: string) =>
  `${code} (${code === sku ? 'SKU' : BARCODE_KIND_LABELS[inferBarcodeKind(code)]})`;

/** Copies per product and the format (an A4 label sheet, or a thermal label printer), then print. */
export function LabelPrintModal({
  opened,
  onClose,
  selection,
}: {
  opened: boolean;
  onClose: () => void;
  selection: LabelSelection;
}) {
  const [format, setFormat] = useState<Format>('sheet');
  const [busy, setBusy] = useState(false);
  const withoutCode = selection.picks.filter((p) => p.code === '');
  const printable = selection.picks.filter((p) => p.code !== '');
  const count = printable.reduce((n, p) => n + p.copies, 0);

  const print = async () => {
    const labels: LabelData[] = printable.map((p) => ({
      name: p.name,
      price: formatMoney(p.price),
      code: p.code,
      copies: p.copies,
    }));
    setBusy(true);
    try {
      if (format === 'sheet') await printLabelSheet(labels, `Labels (${count})`);
      else await printThermalLabels(labels);
      notifySuccess(`${count} label${count === 1 ? '' : 's'} sent to the printer`);
    } catch (error) {
      notifyError(errorMessage(error, 'The labels could not be printed'), 'Printing failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Print barcode labels" size="lg">
      <Stack gap="md">
        <SegmentedControl
          value={format}
          onChange={(v) => setFormat(v === 'thermal' ? 'thermal' : 'sheet')}
          data={[
            { value: 'sheet', label: 'A4 label sheet' },
            { value: 'thermal', label: 'Thermal label printer' },
          ]}
          aria-label="Label format"
        />
        <Table.ScrollContainer minWidth={360}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Copies</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {printable.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Text size="sm">{p.name}</Text>
                    {p.codes.length > 1 ? (
                      <NativeSelect
                        aria-label={`Barcode of ${p.name}`}
                        size="xs"
                        mt={4}
                        value={p.code}
                        onChange={(e) => selection.setCode(p.id, e.currentTarget.value)}
                        data={p.codes.map((code) => ({ value: code, label: codeLabel(code, p.sku) }))}
                      />
                    ) : (
                      <Text size="xs" c="dimmed">
                        {p.code}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatMoney(p.price)}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Copies of ${p.name}`}
                      value={p.copies}
                      min={0}
                      max={500}
                      allowDecimal={false}
                      onChange={(v) => selection.setCopies(p.id, typeof v === 'number' ? v : 0)}
                      w={90}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {withoutCode.length > 0 ? (
          <Alert color="yellow" variant="light">
            {withoutCode.map((p) => p.name).join(', ')}: no SKU or barcode; left out.
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Button variant="subtle" color="gray" onClick={selection.clear}>
            Clear selection
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={print} loading={busy} disabled={count === 0}>
              Print {count} label{count === 1 ? '' : 's'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
