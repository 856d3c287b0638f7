import { Button, type ButtonProps } from '@mantine/core';
import type { ExportFormat } from '@pos/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { downloadFile } from '../lib/download';
import { notifyError } from '../lib/notify';

type ExportButtonProps = {
  /** The export route under /api, e.g. '/transactions/export.csv' (`format=xlsx` asks it for a workbook). */
  path: string;
  /** The list's current filters, as the list sends them (page and limit are ignored by the server). */
  query: Query;
  /** What is exported, for the accessible names: 'transactions' -> "Export CSV: transactions". */
  entity: string;
  size?: ButtonProps['size'];
};

type Query = Record<string, string | number | boolean | null | undefined>;

/** A list's query as its export takes it: the same filters, without the page and page size. */
export function exportQuery(query: Query): Query {
  const { page: _page, limit: _limit, ...filters } = query;
  return filters;
}

/**
 * "Export CSV" and "XLSX", side by side: downloads what the list shows, with its current filters, as a
 * CSV file or an Excel workbook (text, dates and amounts typed, so a spreadsheet reads them right).
 */
export function ExportButton({ path, query, entity, size = 'sm' }: ExportButtonProps) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadFile(path, format === 'csv' ? query : { ...query, format }, `${entity}.${format}`);
    } catch (error) {
      notifyError(errorMessage(error, 'The export failed'), 'Export failed');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Button.Group>
      <Button
        variant="default"
        size={size}
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={busy === 'csv'}
        disabled={busy === 'xlsx'}
        onClick={() => download('csv')}
        aria-label={`Export CSV: ${entity}`}
      >
        Export CSV
      </Button>
      <Button
        variant="default"
        size={size}
        loading={busy === 'xlsx'}
        disabled={busy === 'csv'}
        onClick={() => download('xlsx')}
        aria-label={`Export XLSX: ${entity}`}
      >
        XLSX
      </Button>
    </Button.Group>
  );
}
