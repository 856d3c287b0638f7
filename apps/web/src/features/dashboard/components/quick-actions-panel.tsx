import { Button, SimpleGrid } from '@mantine/core';
import { userCan } from '@pos/shared';
import { IconArrowBackUp, IconPackage, IconShoppingCart, IconTag } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSessionUser } from '../../../lib/session-store';
import { Panel } from './dashboard-panel';

/**
 * Links to the register, inventory, returns and products screens; Process Return only for roles that
 * may process returns (not a cashier). One column on a phone, so no label is cut.
 */
export function QuickActionsPanel() {
  const user = useSessionUser();
  return (
    <Panel title="Quick Actions">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Button leftSection={<IconShoppingCart size={18} />} component={Link} to="/dashboard/pos">
          New Sale
        </Button>
        <Button variant="light" leftSection={<IconPackage size={18} />} component={Link} to="/dashboard/inventory">
          Manage Inventory
        </Button>
        {userCan(user, 'process_returns') ? (
          <Button
            variant="light"
            color="orange"
            leftSection={<IconArrowBackUp size={18} />}
            component={Link}
            to="/dashboard/returns"
          >
            Process Return
          </Button>
        ) : null}
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
