import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { downloadFile } from '../lib/download';
import { notifyError } from '../lib/notify';

type ExportButtonProps = {
  /** The export route under /api, e.g. '/transactions/export.csv'. */
  path: string;
  /** The list's current filters, as the list sends them (page and limit are ignored by the server). */
  query: Query;
  /** What is exported, for the accessible name: 'transactions' -> "Export CSV: transactions". */
  entity: string;
  size?: ButtonProps['size'];
};

type Query = Record<string, string | number | boolean | null | undefined>;

/** A list's query as its export takes it: the same filters, without the page and page size. */
export function exportQuery(query: Query): Query {
  const { page: _page, limit: _limit, ...filters } = query;
  return filters;
}

/** "Export CSV": downloads what the list shows, with its current filters, as a CSV file. */
export function ExportButton({ path, query, entity, size = 'sm' }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadFile(path, query, `${entity}.csv`);
    } catch (error) {
      notifyError(errorMessage(error, 'The export failed'), 'Export failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      size={size}
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={onClick}
      aria-label={`Export CSV: ${entity}`}
    >
      Export CSV
    </Button>
  );
}
