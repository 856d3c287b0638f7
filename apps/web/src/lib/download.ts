import { EXPORT_CONTENT_TYPES } from '@pos/shared';
import { API_BASE, ApiError } from './api';
import { useSessionStore } from './session-store';

type Query = Record<string, string | number | boolean | null | undefined>;

/** The file name the server gave in Content-Disposition (`attachment; filename="x.csv"`), else the fallback. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** The export's address: the API path with the list's current filters (empty ones left out). */
export function downloadUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** A download answered to an upload (POST with the file as the body: the import's rows with errors). */
export type DownloadUpload = { method: 'POST'; body: Blob; contentType: string };

/**
 * Downloads a file from the API with the session's bearer token (a plain link could not send it) and
 * hands it to the browser as a download. Answers the file name. A failure throws an ApiError with the
 * server's message.
 */
export async function downloadFile(
  path: string,
  query: Query = {},
  fallbackName = 'export.csv',
  upload?: DownloadUpload,
): Promise<string> {
  const token = useSessionStore.getState().token;
  let response: Response;
  try {
    response = await fetch(downloadUrl(path, query), {
      method: upload?.method ?? 'GET',
      body: upload?.body,
      headers: {
        Accept: `${EXPORT_CONTENT_TYPES.csv}, ${EXPORT_CONTENT_TYPES.xlsx}, application/json`,
        ...(upload && { 'Content-Type': upload.contentType }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    throw new ApiError({ status: 0, message: 'Network error: the server cannot be reached' });
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
    const message = typeof payload?.message === 'string' ? payload.message : response.statusText || 'Download failed';
    throw new ApiError({ status: response.status, message });
  }
  const name = filenameOf(response.headers.get('content-disposition'), fallbackName);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled (the browser has started the download by then).
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
