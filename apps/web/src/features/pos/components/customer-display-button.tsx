import { Button } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { CUSTOMER_DISPLAY_PATH, CUSTOMER_DISPLAY_WINDOW } from '../../../lib/customer-display';
import { notifyWarning } from '../utils/notices';

export const CUSTOMER_DISPLAY_TEXT = {
  button: 'Customer display',
  blocked: 'The browser blocked the customer display: allow pop-ups for this site and try again.',
} as const;

/**
 * Opens the customer display in its own window (drag it to the screen facing the customer); pressed again,
 * the same window comes back. The register feeds it (useCustomerDisplay).
 */
export function CustomerDisplayButton() {
  const open = () => {
    const display = window.open(CUSTOMER_DISPLAY_PATH, CUSTOMER_DISPLAY_WINDOW, 'popup,width=1024,height=768');
    if (display) display.focus();
    else notifyWarning(CUSTOMER_DISPLAY_TEXT.blocked, CUSTOMER_DISPLAY_TEXT.button);
  };
  return (
    <Button variant="default" leftSection={<IconDeviceDesktop size={16} />} onClick={open}>
      {CUSTOMER_DISPLAY_TEXT.button}
    </Button>
  );
}
