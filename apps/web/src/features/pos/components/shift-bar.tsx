import { Button } from '@mantine/core';
import { IconCash, IconChevronDown } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PopupMenu } from '../../../components/popups/deferred';
import { errorMessage } from '../../../lib/api';
import { recordNoSale } from '../../../lib/api/shifts.api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useShift } from '../hooks/use-shift';
import { useOutbox } from '../offline/outbox';
import {
  MountOnFirstOpen,
  preloadShiftDialogs,
  ShiftCashModal,
  ShiftCloseModal,
  ShiftOpenModal,
  ShiftReportModal,
} from './lazy-dialogs';

type Dialog = 'open' | 'cash' | 'x' | 'close' | null;

/**
 * The register's shift: a prompt to open one when the register has none (cash sales need it), and
 * once open a menu for cash in / out, the X report and the close (docs/ARCHITECTURE.md, "Shifts and
 * the cash drawer"). The prompt, which opens by itself on arrival, hands the focus back with `onPromptExited`
 * (the register's Barcode field): it loads on first use, so the field may not have had the focus when it opened.
 */
export function ShiftBar({ branchId, onPromptExited }: { branchId: string; onPromptExited?: () => void }) {
  const { register, current, shift, refresh } = useShift();
  const { waiting } = useOutbox(branchId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [prompted, setPrompted] = useState<string | null>(null);
  const noShift = current !== null && current.shift === null;

  // Once per register and page: a register without an open shift asks for one.
  useEffect(() => {
    if (register && noShift && prompted !== register.registerId) {
      setPrompted(register.registerId);
      setDialog('open');
    }
  }, [register, noShift, prompted]);

  if (!register || !current) return null;
  const done = () => {
    setDialog(null);
    void refresh();
  };
  // The drawer opened without a sale: its own audited action (the drawer kick belongs to printing).
  const noSale = async (shiftId: string) => {
    try {
      await recordNoSale(shiftId);
      notifySuccess('No sale recorded');
    } catch (error) {
      notifyError(errorMessage(error, 'The drawer opening could not be recorded'));
    }
  };

  return (
    <>
      {shift ? (
        <PopupMenu
          position="bottom-end"
          withinPortal
          onOpen={preloadShiftDialogs}
          target={
            <Button variant="light" leftSection={<IconCash size={16} />} rightSection={<IconChevronDown size={14} />}>
              Shift {register.code}
            </Button>
          }
        >
          {(Menu) => (
            <>
              <Menu.Item onClick={() => setDialog('cash')}>Cash in / out</Menu.Item>
              <Menu.Item onClick={() => void noSale(shift.id)}>No sale</Menu.Item>
              <Menu.Item onClick={() => setDialog('x')}>X report</Menu.Item>
              <Menu.Item color="red" onClick={() => setDialog('close')}>
                Close shift
              </Menu.Item>
            </>
          )}
        </PopupMenu>
      ) : (
        <Button variant="filled" leftSection={<IconCash size={16} />} onClick={() => setDialog('open')}>
          Open shift
        </Button>
      )}
      <MountOnFirstOpen opened={dialog === 'open' && !shift} onFailed={() => setDialog(null)}>
        <ShiftOpenModal
          opened={dialog === 'open' && !shift}
          onClose={() => setDialog(null)}
          branchId={branchId}
          registerId={register.registerId}
          registerCode={register.code}
          denominations={current.denominations}
          onOpened={done}
          onExited={onPromptExited}
        />
      </MountOnFirstOpen>
      {shift && (
        <>
          <MountOnFirstOpen opened={dialog === 'cash'} onFailed={() => setDialog(null)}>
            <ShiftCashModal
              opened={dialog === 'cash'}
              onClose={() => setDialog(null)}
              shiftId={shift.id}
              onDone={done}
            />
          </MountOnFirstOpen>
          <MountOnFirstOpen opened={dialog === 'x'} onFailed={() => setDialog(null)}>
            <ShiftReportModal opened={dialog === 'x'} onClose={() => setDialog(null)} shiftId={shift.id} />
          </MountOnFirstOpen>
          <MountOnFirstOpen opened={dialog === 'close'} onFailed={() => setDialog(null)}>
            <ShiftCloseModal
              opened={dialog === 'close'}
              onClose={() => setDialog(null)}
              shiftId={shift.id}
              denominations={current.denominations}
              pendingSales={waiting}
              onClosed={done}
            />
          </MountOnFirstOpen>
        </>
      )}
    </>
  );
}
