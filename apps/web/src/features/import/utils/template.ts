import { type ImportKind, importTemplate } from '@pos/shared';

/** Saves the import template of `kind` (header line and one example row) as a CSV file. */
export function downloadTemplate(kind: ImportKind): void {
  const blob = new Blob([importTemplate(kind)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${kind}-template.csv`;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
