import { Button, Checkbox, FileInput, Group, Modal, Paper, Progress, Stack, Text } from '@mantine/core';
import type { ImportKind, ImportMapping, ImportResult } from '@pos/shared';
import { IconFileDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { downloadRejects, type ImportStep, uploadImport } from '../api/import.api';
import { ColumnMapping } from './column-mapping';
import { ColumnsTable } from './columns-table';
import { ImportResultView } from './import-result';

type Phase = { step: ImportStep; sent: number } | null;

/**
 * One kind of import: choose a file, check it (preview: its columns mapped to ours, changeable, and
 * its rows), then import it all, or only its good rows and download the others to fix them.
 */
export function ImportPanel({ kind, branchId }: { kind: ImportKind; branchId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [createMissing, setCreateMissing] = useState(false);
  const [phase, setPhase] = useState<Phase>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  // The mapping the user chose (sent with every step), or null: the server's remembered or detected one.
  const [chosen, setChosen] = useState<ImportMapping | null>(null);
  const [stale, setStale] = useState(false);
  const [confirming, setConfirming] = useState<'all' | 'good' | null>(null);
  const [downloading, setDownloading] = useState(false);
  const options = { branchId, createMissing, mapping: chosen };

  const run = async (step: ImportStep, skipInvalid = false) => {
    if (!file) return;
    setConfirming(null);
    setPhase({ step, sent: 0 });
    try {
      const answer = await uploadImport(kind, step, file, { ...options, skipInvalid }, (sent) =>
        setPhase({ step, sent }),
      );
      setResult(answer.data);
      setStale(false);
      if (step === 'apply') {
        notifySuccess(answer.message ?? 'Imported', 'Import finished');
        if (answer.data.errorCount === 0) setFile(null);
      }
    } catch (error) {
      notifyError(errorMessage(error, 'The file could not be checked'), step === 'apply' ? 'Import failed' : 'Error');
      if (step === 'apply') setResult(null);
    } finally {
      setPhase(null);
    }
  };

  const downloadBadRows = async () => {
    if (!file) return;
    setDownloading(true);
    try {
      await downloadRejects(kind, file, options);
    } catch (error) {
      notifyError(errorMessage(error, 'The rows could not be downloaded'));
    } finally {
      setDownloading(false);
    }
  };

  const choose = (next: File | null) => {
    setFile(next);
    setResult(null);
    setChosen(null);
    setStale(false);
  };
  const remap = (mapping: ImportMapping) => {
    setChosen(mapping);
    setStale(true);
  };
  const checked = result !== null && !stale && result.unmapped.length === 0;
  const good = result ? result.toCreate + result.toUpdate : 0;
  const ready = checked && !result.applied && result.errorCount === 0 && result.rows > 0;
  const partial = checked && !result.applied && result.errorCount > 0 && good > 0;
  const busy = phase !== null || downloading;
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
              onClick={() => setConfirming(partial ? 'good' : 'all')}
              disabled={!(ready || partial) || busy}
              loading={phase?.step === 'apply'}
            >
              {ready ? `Import ${result.rows} rows` : partial ? `Import ${good} good rows` : 'Import'}
            </Button>
            {result && result.errorCount > 0 && (
              <Button
                variant="default"
                leftSection={<IconFileDownload size={16} aria-hidden />}
                onClick={downloadBadRows}
                disabled={!checked || !file || busy}
                loading={downloading}
              >
                Download rows with errors
              </Button>
            )}
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
              Imported: {result.toCreate} created, {result.toUpdate} updated
              {result.errorCount > 0 ? `; ${result.errorCount} rows with errors left out` : ''}.
            </Text>
          )}
        </Stack>
      </Paper>
      {result && (
        <ColumnMapping
          kind={kind}
          result={result}
          mapping={chosen ?? result.mapping}
          onChange={remap}
          onReset={() => remap(result.detectedMapping)}
          stale={stale}
          disabled={busy}
        />
      )}
      {result && result.unmapped.length === 0 && <ImportResultView result={result} />}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming === 'good' ? 'Import the good rows?' : 'Import this file?'}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {result?.toCreate ?? 0} {kind} will be created and {result?.toUpdate ?? 0} updated
            {kind === 'products' ? '; stock levels in the file replace the current ones' : ''}.
            {confirming === 'good' &&
              ` The ${result?.errorCount} rows with errors are left out: download them to fix them and import them again.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button color="green" onClick={() => run('apply', confirming === 'good')}>
              Import
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
