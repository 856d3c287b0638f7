import { Button, Kbd } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { lazy } from 'react';
import { closeReturnDesk, openReturnDesk, useReturnDesk } from '../store/return-desk';
import { MountOnFirstOpen } from './lazy-dialogs';

const ReturnModal = lazy(() => import('./return-modal').then((m) => ({ default: m.ReturnModal })));

/**
 * The register's Return: the cart's button (F4 from anywhere on the register) and the dialog,
 * whose code loads the first time it opens (the register's first load stays small).
 */
export function ReturnButton() {
  const isOpen = useReturnDesk((s) => s.isOpen);
  return (
    <>
      <Button
        variant="default"
        fullWidth
        leftSection={<IconArrowBackUp size={16} />}
        rightSection={
          <Kbd size="xs" aria-hidden>
            F4
          </Kbd>
        }
        aria-keyshortcuts="F4"
        onClick={openReturnDesk}
      >
        Return
      </Button>
      <MountOnFirstOpen opened={isOpen} onFailed={closeReturnDesk}>
        <ReturnModal />
      </MountOnFirstOpen>
    </>
  );
}
