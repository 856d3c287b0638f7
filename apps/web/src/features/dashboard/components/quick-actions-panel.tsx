import { Button, SimpleGrid } from '@mantine/core';
import { IconArrowBackUp, IconPackage, IconShoppingCart, IconTag } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Panel } from './dashboard-panel';

/** Links to the register, inventory, returns and products screens. */
export function QuickActionsPanel() {
  return (
    <Panel title="Quick Actions">
      <SimpleGrid cols={2}>
        <Button leftSection={<IconShoppingCart size={18} />} component={Link} to="/dashboard/pos">
          New Sale
        </Button>
        <Button variant="light" leftSection={<IconPackage size={18} />} component={Link} to="/dashboard/inventory">
          Manage Inventory
        </Button>
        <Button
          variant="light"
          color="orange"
          leftSection={<IconArrowBackUp size={18} />}
          component={Link}
          to="/dashboard/returns"
        >
          Process Return
        </Button>
        <Button
          variant="light"
          color="grape"
          leftSection={<IconTag size={18} />}
          component={Link}
          to="/dashboard/products"
        >
          Manage Products
        </Button>
      </SimpleGrid>
    </Panel>
  );
}
