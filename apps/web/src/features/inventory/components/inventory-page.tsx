import { Badge, Button, Group, Paper, Stack, Tabs, Title } from '@mantine/core';
import { type InventoryStockItem, isCashier as isCashierUser } from '@pos/shared';
import {
  IconAdjustments,
  IconAlertTriangle,
  IconHistory,
  IconPackage,
  IconPackages,
  IconTrashX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { FlaggedSalesTab } from './flagged-sales-tab';
import { MovementHistoryTab } from './movement-history-tab';
import { StockAdjustmentModal } from './stock-adjustment-modal';
import { StockLevelsTab } from './stock-levels-tab';
import { WriteOffModal } from './write-off-modal';

type Adjusting = { product: InventoryStockItem | null } | null;

/** /dashboard/inventory: Stock Levels and Movement History tabs and the Stock Adjustment modal (spec 02). */
export function InventoryPage() {
  const { branch, isLoading: isSelecting } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  const user = useSessionUser();
  // Cashiers neither see the stock value (the server sends no cost to them) nor adjust stock.
  const isCashier = isCashierUser(user);
  const navigate = useNavigate();
  const [tab, setTab] = useState<string | null>('stock');
  const [adjusting, setAdjusting] = useState<Adjusting>(null);
  const [writingOff, setWritingOff] = useState(false);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            Inventory Management
          </Title>
          {branch ? (
            <Badge size="lg" variant="light" color="blue">
              {branch.name}
            </Badge>
          ) : null}
        </Group>
        <Group gap="sm">
          {isCashier ? null : (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrashX size={16} />}
              onClick={() => setWritingOff(true)}
              disabled={!branchId}
            >
              Write Off
            </Button>
          )}
          {isCashier ? null : (
            <Button
              leftSection={<IconAdjustments size={16} />}
              onClick={() => setAdjusting({ product: null })}
              disabled={!branchId}
            >
              Adjust Stock
            </Button>
          )}
          <Button
            variant="light"
            leftSection={<IconPackages size={16} />}
            onClick={() => navigate('/dashboard/products')}
          >
            Manage Products
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="md" radius="md">
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="stock" leftSection={<IconPackage size={16} />}>
              Stock Levels
            </Tabs.Tab>
            <Tabs.Tab value="movements" leftSection={<IconHistory size={16} />}>
              Movement History
            </Tabs.Tab>
            {isCashier ? null : (
              <Tabs.Tab value="flags" leftSection={<IconAlertTriangle size={16} />}>
                Sold offline beyond stock
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="stock">
            <StockLevelsTab
              branchId={branchId}
              isSelecting={isSelecting}
              showValue={!isCashier}
              canAdjust={!isCashier}
              onAdjust={(product) => setAdjusting({ product })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="movements">
            <MovementHistoryTab branchId={branchId} timeZone={branch?.timezone ?? null} isSelecting={isSelecting} />
          </Tabs.Panel>
          {isCashier ? null : (
            <Tabs.Panel value="flags">
              <FlaggedSalesTab branchId={branchId} timeZone={branch?.timezone ?? null} isSelecting={isSelecting} />
            </Tabs.Panel>
          )}
        </Tabs>
      </Paper>

      <WriteOffModal opened={writingOff} onClose={() => setWritingOff(false)} branchId={branchId} />
      <StockAdjustmentModal
        opened={adjusting !== null}
        onClose={() => setAdjusting(null)}
        branchId={branchId}
        product={adjusting?.product ?? null}
      />
    </Stack>
  );
}
