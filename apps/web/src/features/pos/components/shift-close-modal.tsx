import { Alert, Button, Group, Modal, NumberInput, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type DenominationCount, denominationTotalMinor, fromMinor, type ShiftReport } from '@pos/shared';
import { useState } from 'react';
import { ShiftReportView } from '../../../components/shift-report';
import { errorMessage, isApiError } from '../../../lib/api';
import { closeShift } from '../../../lib/api/shifts.api';
import { notifyError } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useStepFocus } from '../../../lib/use-step-focus';
import { requestApprovalGrant } from '../api/approvals.api';
import { useShiftPrint } from '../hooks/use-shift-print';
import { ShiftDenominations } from './shift-denominations';

type Step = 'count' | 'approval' | 'done';

/**
 * Close by blind count: the cashier counts (a total or by notes and coins) without seeing the expected
 * figure; the server answers expected, counted and over/short. Past the branch's limit a manager
 * approves with username and PIN, traded once for a grant for this shift and this count (POST
 * /approvals/grants; not the shift's cashier, not the one closing). The register refuses to close
 * while sales wait to upload. Each step takes the focus (its first field, or the title of the Z report), and
 * once closed the register has it back (`onExited`, after the closing transition: its Barcode field).
 */
export function ShiftCloseModal({
  opened,
  onClose,
  shiftId,
  denominations,
  pendingSales,
  onClosed,
  onExited,
}: {
  opened: boolean;
  onClose: () => void;
  shiftId: string;
  denominations: number[];
  pendingSales: number;
  onClosed: () => void;
  onExited?: () => void;
}) {
  const { branch } = useCurrentSelection();
  const print = useShiftPrint();
  const [step, setStep] = useState<Step>('count');
  const [total, setTotal] = useState<number | string>('');
  const [byCount, setByCount] = useState(false);
  const [count, setCount] = useState<DenominationCount>({});
  const [username, setUsername] = useState('');
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<ShiftReport | null>(null);
  const counted = byCount ? fromMinor(denominationTotalMinor(count)) : Number(total) || 0;
  const stepRef = useStepFocus(step, opened);

  const reset = () => {
    setStep('count');
    setTotal('');
    setCount({});
    setUsername('');
    setPin('');
    setProblem(null);
    setReport(null);
  };
  const dismiss = () => {
    if (step === 'done') onClosed();
    reset();
    onClose();
  };

  const submit = async (withApproval: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      const grantId =
        withApproval && branch
          ? await requestApprovalGrant({
              purpose: 'shift_close',
              branchId: branch.id,
              shift_id: shiftId,
              counted_cash: counted,
              username: username.trim(),
              pin,
            })
          : null;
      const answer = await closeShift(shiftId, {
        counted,
        denominations: byCount ? count : null,
        pendingSales,
        approval_grant_id: grantId,
      });
      setReport(answer.data);
      setStep('done');
    } catch (error) {
      const message = errorMessage(error, 'The shift could not be closed');
      if (isApiError(error) && (error.status === 403 || error.status === 429) && /APPROVAL/.test(error.code ?? '')) {
        setStep('approval');
        setProblem(withApproval ? message : null);
      } else if (isApiError(error) && error.status === 429) {
        setProblem(message);
      } else notifyError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={dismiss}
      onExitTransitionEnd={onExited}
      title={step === 'done' ? 'Shift closed' : 'Close shift'}
      // The Z report's step starts at its title (focusable by script, not by Tab).
      attributes={{ title: { tabIndex: -1 } }}
      centered
    >
      <Stack gap="sm" ref={stepRef}>
        {step === 'count' && (
          <>
            {pendingSales > 0 && (
              <Alert color="yellow" title="Sales waiting to upload">
                {pendingSales} sale(s) have not reached the server yet. Connect and let them upload before closing.
              </Alert>
            )}
            <Text size="sm">Count the cash in the drawer. The expected amount is shown after the count.</Text>
            <Switch
              label="Count notes and coins"
              checked={byCount}
              onChange={(e) => setByCount(e.currentTarget.checked)}
            />
            {byCount ? (
              <ShiftDenominations denominations={denominations} value={count} onChange={setCount} />
            ) : (
              <NumberInput
                label="Counted cash"
                data-autofocus
                min={0}
                decimalScale={2}
                allowNegative={false}
                value={total}
                onChange={setTotal}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={dismiss}>
                Cancel
              </Button>
              <Button color="red" disabled={pendingSales > 0} loading={busy} onClick={() => void submit(false)}>
                Count and close
              </Button>
            </Group>
          </>
        )}
        {step === 'approval' && (
          <>
            <Alert color="yellow" title="Manager approval needed">
              The count is over or short beyond the branch limit. A manager must approve the close.
            </Alert>
            {problem && (
              <Text c="red.8" size="sm" role="alert">
                {problem}
              </Text>
            )}
            <TextInput
              label="Manager username"
              data-autofocus
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
            />
            <PasswordInput
              label="Manager PIN"
              inputMode="numeric"
              value={pin}
              onChange={(e) => setPin(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep('count')}>
                Back
              </Button>
              <Button color="red" loading={busy} disabled={!username || !pin} onClick={() => void submit(true)}>
                Approve and close
              </Button>
            </Group>
          </>
        )}
        {step === 'done' && report && (
          <>
            <ShiftReportView report={report} timeZone={branch?.timezone} />
            <Group justify="flex-end">
              <Button variant="default" onClick={dismiss}>
                Done
              </Button>
              <Button onClick={() => void print(report)}>Print Z report</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
