import { Button, Checkbox, FileInput, Group, Modal, Paper, Progress, Stack, Text } from '@mantine/core';
import type { ImportKind, ImportResult } from '@pos/shared';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type ImportStep, uploadImport } from '../api/import.api';
import { ColumnsTable } from './columns-table';
import { ImportResultView } from './import-result';

type Phase = { step: ImportStep; sent: number } | null;

/** One kind of import: choose a file, check it (preview), then import it all or nothing. */
export function ImportPanel({ kind, branchId }: { kind: ImportKind; branchId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [createMissing, setCreateMissing] = useState(false);
  const [phase, setPhase] = useState<Phase>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [confirming, setConfirming] = useState(false);

  const run = async (step: ImportStep) => {
    if (!file) return;
    setConfirming(false);
    setPhase({ step, sent: 0 });
    try {
      const answer = await uploadImport(kind, step, file, { branchId, createMissing }, (sent) =>
        setPhase({ step, sent }),
      );
      setResult(answer.data);
      if (step === 'apply') {
        notifySuccess(answer.message ?? 'Imported', 'Import finished');
        setFile(null);
      }
    } catch (error) {
      notifyError(errorMessage(error, 'The file could not be checked'), step === 'apply' ? 'Import failed' : 'Error');
      if (step === 'apply') setResult(null);
    } finally {
      setPhase(null);
    }
  };

  const choose = (next: File | null) => {
    setFile(next);
    setResult(null);
  };
  const ready = result && !result.applied && result.errorCount === 0 && result.rows > 0;
  const busy = phase !== null;
  const uploading = phase !== null && phase.sent < 1;

  return (
    <Stack gap="md">
      <ColumnsTable kind={kind} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <FileInput
            label="CSV file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            leftSection={<IconFileTypeCsv size={16} aria-hidden />}
            value={file}
            onChange={choose}
            clearable
            disabled={busy}
          />
          {kind === 'products' && (
            <Checkbox
              label="Create categories and brands that do not exist yet"
              checked={createMissing}
              onChange={(e) => {
                setCreateMissing(e.currentTarget.checked);
                setResult(null);
              }}
              disabled={busy}
            />
          )}
          <Group gap="sm">
            <Button onClick={() => run('preview')} disabled={!file || busy} loading={phase?.step === 'preview'}>
              Check file
            </Button>
            <Button
              color="green"
              onClick={() => setConfirming(true)}
              disabled={!ready || busy}
              loading={phase?.step === 'apply'}
            >
              {result && ready ? `Import ${result.rows} rows` : 'Import'}
            </Button>
          </Group>
          {phase && (
            <Stack gap={4}>
              <Progress
                value={uploading ? Math.round(phase.sent * 100) : 100}
                striped={!uploading}
                animated={!uploading}
                aria-label={uploading ? 'Upload progress' : 'Server progress'}
              />
              <Text size="sm" c="dimmed" role="status">
                {uploading
                  ? `Uploading… ${Math.round(phase.sent * 100)}%`
                  : phase.step === 'apply'
                    ? 'Importing rows…'
                    : 'Checking rows…'}
              </Text>
            </Stack>
          )}
          {result?.applied && (
            <Text c="green.8" fw={500} role="status">
              Imported: {result.toCreate} created, {result.toUpdate} updated.
            </Text>
          )}
        </Stack>
      </Paper>
      {result && <ImportResultView result={result} />}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Import this file?" centered>
        <Stack gap="md">
          <Text size="sm">
            {result?.toCreate ?? 0} {kind} will be created and {result?.toUpdate ?? 0} updated
            {kind === 'products' ? '; stock levels in the file replace the current ones' : ''}.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="green" onClick={() => run('apply')}>
              Import
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
