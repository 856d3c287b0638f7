import { Button } from '@mantine/core';
import { IconCash, IconChevronDown } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PopupMenu } from '../../../components/popups/deferred';
import { errorMessage } from '../../../lib/api';
import { recordNoSale } from '../../../lib/api/shifts.api';
import { formatTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useShift, useShiftReport } from '../hooks/use-shift';
import { useConnectivity } from '../offline/connectivity';
import { useOutbox } from '../offline/outbox';
import {
  MountOnFirstOpen,
  preloadShiftDialogs,
  SellVoucherModal,
  ShiftCashModal,
  ShiftCloseModal,
  ShiftOpenModal,
  ShiftReportModal,
} from './lazy-dialogs';

type Dialog = 'open' | 'cash' | 'voucher' | 'x' | 'close' | null;

/**
 * The register's shift: a prompt to open one when the register has none (cash sales need it), and
 * once open a menu for cash in / out, selling a gift voucher, the X report and the close
 * (docs/architecture/shifts.md). Every shift
 * dialog hands the focus back with `onDialogExited` (the register's Barcode field), as the register's other
 * dialogs do: the prompt opens by itself on arrival and loads on first use, so the field may not have had
 * the focus when it opened, and Close shift removes the Shift menu it was opened from.
 * Offline the shift is the one the server last named (kept in IndexedDB): cash in / out and the X report
 * work (queued and provisional), "No sale", a gift voucher and the close need the server.
 */
export function ShiftBar({ branchId, onDialogExited }: { branchId: string; onDialogExited?: () => void }) {
  const { register, current, shift, refresh, savedAt } = useShift();
  const { waiting } = useOutbox(branchId);
  const online = useConnectivity((s) => s.online);
  const { branch } = useCurrentSelection();
  // The shift's figures kept current while online: the X report offline starts from them.
  useShiftReport(shift?.id ?? null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [prompted, setPrompted] = useState<string | null>(null);
  // The shift being closed: its dialog stays (the Z report, then its closing transition) once the shift is gone.
  const [closing, setClosing] = useState<string | null>(null);
  const noShift = current !== null && current.shift === null;

  // Once per register and page: a register without an open shift asks for one (opening one needs the server).
  useEffect(() => {
    if (register && noShift && online && prompted !== register.registerId) {
      setPrompted(register.registerId);
      setDialog('open');
    }
  }, [register, noShift, online, prompted]);

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
              {!online && (
                <Menu.Label data-testid="shift-offline">
                  Offline{savedAt === null ? '' : ` · shift as of ${formatTime(savedAt, branch?.timezone)}`}
                </Menu.Label>
              )}
              <Menu.Item onClick={() => setDialog('cash')}>Cash in / out</Menu.Item>
              <Menu.Item disabled={!online} onClick={() => void noSale(shift.id)}>
                No sale
              </Menu.Item>
              <Menu.Item disabled={!online} onClick={() => setDialog('voucher')}>
                Sell gift voucher
              </Menu.Item>
              <Menu.Item onClick={() => setDialog('x')}>X report</Menu.Item>
              <Menu.Item
                color="red"
                disabled={!online}
                onClick={() => {
                  setClosing(shift.id);
                  setDialog('close');
                }}
              >
                Close shift
              </Menu.Item>
              {!online && <Menu.Label>No sale, gift vouchers and Close shift need the server</Menu.Label>}
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
          onExited={onDialogExited}
        />
      </MountOnFirstOpen>
      {shift && (
        <>
          <MountOnFirstOpen opened={dialog === 'cash'} onFailed={() => setDialog(null)}>
            <ShiftCashModal
              opened={dialog === 'cash'}
              onClose={() => setDialog(null)}
              onDone={done}
              onExited={onDialogExited}
            />
          </MountOnFirstOpen>
          <MountOnFirstOpen opened={dialog === 'voucher'} onFailed={() => setDialog(null)}>
            <SellVoucherModal
              opened={dialog === 'voucher'}
              onClose={() => setDialog(null)}
              onSold={() => void refresh()}
              onExited={onDialogExited}
            />
          </MountOnFirstOpen>
          <MountOnFirstOpen opened={dialog === 'x'} onFailed={() => setDialog(null)}>
            <ShiftReportModal
              opened={dialog === 'x'}
              onClose={() => setDialog(null)}
              onExited={onDialogExited}
              shiftId={shift.id}
            />
          </MountOnFirstOpen>
        </>
      )}
      {closing && (
        <MountOnFirstOpen opened={dialog === 'close'} onFailed={() => setDialog(null)}>
          <ShiftCloseModal
            opened={dialog === 'close'}
            onClose={() => setDialog(null)}
            shiftId={closing}
            denominations={current.denominations}
            pendingSales={waiting}
            onClosed={done}
            onExited={onDialogExited}
          />
        </MountOnFirstOpen>
      )}
    </>
  );
}
