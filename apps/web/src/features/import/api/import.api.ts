import {
  type CopyProductsInput,
  IMPORT_MAX_BYTES,
  IMPORT_MSG,
  type ImportKind,
  type ImportMapping,
  type importResponses,
} from '@pos/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, API_BASE, ApiError, apiRequest } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';
import { useSessionStore } from '../../../lib/session-store';

export type ImportAnswer = Answer<typeof importResponses.result>;
export type CopyAnswer = Answer<typeof importResponses.copy>;
export type ImportStep = 'preview' | 'apply';
/**
 * `mapping`: the columns the user chose (else the server's remembered or detected mapping is used; an
 * applied one is remembered for the company's next file of the same columns). `skipInvalid` (apply):
 * import the good rows and leave the rows with errors out.
 */
export type ImportOptions = {
  branchId: string;
  createMissing: boolean;
  mapping?: ImportMapping | null;
  skipInvalid?: boolean;
};

/** The query of an upload: the branch, the flags, and the mapping as JSON when one was chosen. */
function importQuery({ branchId, createMissing, mapping, skipInvalid }: ImportOptions) {
  return {
    branchId,
    createMissing: String(createMissing),
    ...(mapping && { mapping: JSON.stringify(mapping) }),
    ...(skipInvalid && { skipInvalid: 'true' }),
  };
}

/**
 * Sends a CSV file to POST /import/{kind}/{step} as the request body (text/csv). XMLHttpRequest
 * rather than fetch: it reports the upload's progress (0..1) while the file is sent, which fetch
 * cannot. The answer is typed by the route's response schema; a refusal throws an ApiError with the
 * server's message and field errors (an apply with bad rows names them).
 */
export function uploadImport(
  kind: ImportKind,
  step: ImportStep,
  file: Blob,
  options: ImportOptions,
  onProgress: (sent: number) => void,
): Promise<ImportAnswer> {
  // The server refuses it too (413), but only once the upload has begun; a browser may then report the
  // cut connection instead of the answer. Known from the file's size, it is said at once.
  if (file.size > IMPORT_MAX_BYTES) return Promise.reject(new ApiError({ status: 413, message: IMPORT_MSG.tooLarge }));
  const token = useSessionStore.getState().token;
  const query = new URLSearchParams(importQuery(options));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/import/${kind}/${step}?${query}`);
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, message: 'Network error: the server cannot be reached' }));
    xhr.onload = () => {
      let body: { message?: unknown; errors?: Record<string, string> } | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ImportAnswer);
      else {
        const message = typeof body?.message === 'string' ? body.message : xhr.statusText || 'Import failed';
        reject(new ApiError({ status: xhr.status, message, errors: body?.errors }));
      }
    };
    xhr.send(file);
  });
}

/**
 * Downloads the file's rows with errors (POST /import/{kind}/rejects: the file's columns, then the row
 * number and the reason) as a CSV file; answers its name.
 */
export function downloadRejects(kind: ImportKind, file: Blob, options: ImportOptions): Promise<string> {
  return downloadFile(`/import/${kind}/rejects`, importQuery(options), `${kind}-rows-with-errors.csv`, {
    method: 'POST',
    body: file,
    contentType: 'text/csv',
  });
}

export const importKeys = { all: ['import'] as const };

/** Copies a branch's products into another branch's catalogue; lists of products refresh afterwards. */
export function useCopyProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CopyProductsInput) =>
      apiRequest<CopyAnswer>('/import/products/copy', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries(),
  });
}
