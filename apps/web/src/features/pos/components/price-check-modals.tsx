import { Badge, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { formatQuantity, type Product } from '@pos/shared';
import { IconBarcode, IconShoppingCartPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { unitSymbol } from '../utils/units';

/** Price Check entry: a barcode or a name; Enter checks. */
export function PriceCheckModal({
  opened,
  isChecking,
  onClose,
  onExited,
  onCheck,
}: {
  opened: boolean;
  isChecking: boolean;
  onClose: () => void;
  onExited?: () => void;
  onCheck: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={() => {
        setCode('');
        onExited?.();
      }}
      returnFocus={false}
      title="Price Check"
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim()) onCheck(code.trim());
        }}
      >
        <Stack gap="md">
          <TextInput
            data-autofocus
            // The scanner types the code here like a person; the form's Enter checks it.
            data-scan-input
            label="Barcode or product name"
            placeholder="Scan or type, then Enter"
            leftSection={<IconBarcode size={16} />}
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isChecking} disabled={!code.trim()}>
              Check Price
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Price Check result: name, SKU, price, stock, and Add to Cart. */
export function PriceCheckResultModal({
  product,
  onClose,
  onExited,
  onAdd,
}: {
  product: Product | null;
  onClose: () => void;
  onExited?: () => void;
  onAdd: (product: Product) => void;
}) {
  // Kept through the closing transition, so the content does not vanish before the modal does.
  const [shown, setShown] = useState<Product | null>(product);
  if (product && product !== shown) setShown(product);
  const outOfStock = (shown?.stockQuantity ?? 0) <= 0;

  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      onExitTransitionEnd={onExited}
      returnFocus={false}
      title="Price Check Result"
      centered
    >
      {shown ? (
        <Stack gap="md">
          <Paper withBorder radius="md" p="md">
            <Text fw={600} size="lg">
              {shown.name}
            </Text>
            {shown.sku ? (
              <Text size="sm" c="dimmed" ff="monospace">
                SKU: {shown.sku}
              </Text>
            ) : null}
            {shown.category || shown.brand ? (
              <Text size="sm" c="dimmed">
                {[shown.category?.name, shown.brand?.name].filter(Boolean).join(' · ')}
              </Text>
            ) : null}
            <Group justify="space-between" mt="md" align="flex-end">
              <Text fz={28} fw={700} c="blue.7" aria-label="Price">
                {formatMoney(shown.price)}
                {unitSymbol(shown.unit) ? (
                  <Text span size="md" fw={500}>
                    {` / ${unitSymbol(shown.unit)}`}
                  </Text>
                ) : null}
              </Text>
              <Badge variant="light" color={outOfStock ? 'red' : 'green'} size="lg">
                {outOfStock ? 'Out of stock' : `In stock: ${formatQuantity(shown.stockQuantity, shown.unit)}`}
              </Badge>
            </Group>
          </Paper>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              data-autofocus
              leftSection={<IconShoppingCartPlus size={16} />}
              disabled={outOfStock}
              onClick={() => onAdd(shown)}
            >
              Add to Cart
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
