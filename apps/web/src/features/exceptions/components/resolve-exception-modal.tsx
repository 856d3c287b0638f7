import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { EXCEPTION_NOTE_MAX, resolveExceptionSchema, type SaleException } from '@pos/shared';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useResolveException } from '../../../lib/api/exceptions.api';
import { notifySuccess } from '../../../lib/notify';

type Props = { exception: SaleException | null; branchId: string; onClose: () => void };

/**
 * Resolves an open exception with a note (required, as the server's schema says). A form: the note
 * takes the focus, Tab reaches Confirm, Enter on it submits and Escape cancels. A refusal (409 when
 * someone else resolved it first) stays in the dialog.
 */
export function ResolveExceptionModal({ exception, branchId, onClose }: Props) {
  return (
    <Modal
      opened={exception !== null}
      onClose={onClose}
      title={exception ? `Resolve exception ${exception.receiptNumber}` : 'Resolve exception'}
      centered
    >
      {/* Mounted per exception, so a new one starts with an empty note and no error. */}
      {exception ? (
        <ResolveForm key={exception.saleId} exception={exception} branchId={branchId} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function ResolveForm({ exception, branchId, onClose }: Props & { exception: SaleException }) {
  const resolve = useResolveException();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The note as the server's schema reads it (trimmed, 1-500 characters, its messages).
    const parsed = resolveExceptionSchema.shape.note.safeParse(note);
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setNoteError(null);
    resolve.mutate(
      { saleId: exception.saleId, branchId, note: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(`Exception ${exception.receiptNumber} resolved`);
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          The sale stays as recorded. Say what you found or did; the note is kept with the exception and in the audit
          log.
        </Text>
        <Textarea
          label="Note"
          required
          data-autofocus
          rows={4}
          maxLength={EXCEPTION_NOTE_MAX}
          value={note}
          error={noteError}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            if (noteError) setNoteError(null);
          }}
        />
        {resolve.isError ? (
          <Alert color="red" role="alert" title="Not resolved">
            {errorMessage(resolve.error, 'The exception could not be resolved.')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={resolve.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={resolve.isPending}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
