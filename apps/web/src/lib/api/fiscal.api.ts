import type { FiscalDocumentStatus, FiscalSettingsInput, fiscalResponses } from '@pos/shared';
import { type Answer, apiRequest } from '.';

/**
 * Fiscal reporting (docs/architecture/fiscal.md): the Settings card keeps a branch's settings and POS
 * registrations, the dashboard shows its outbox. Every key of a branch starts with `fiscalKeys.branch`, so
 * settings saved in one screen refresh the status the other shows.
 */
export const fiscalKeys = {
  all: ['fiscal'] as const,
  branch: (branchId: string) => ['fiscal', branchId] as const,
  settings: (branchId: string) => ['fiscal', branchId, 'settings'] as const,
  status: (branchId: string) => ['fiscal', branchId, 'status'] as const,
  documents: (params: FiscalDocumentParams) => ['fiscal', params.branchId, 'documents', params] as const,
};

export type FiscalDocumentParams = { branchId: string; status?: FiscalDocumentStatus; page: number; limit: number };
export type FiscalRegisterInput = { registerId: string; branchId: string; posId: number; token: string };

/** GET /fiscal/settings?branchId=: the branch's settings and its registers' POS registrations (Super Admin). */
export function fetchFiscalSettings(branchId: string, signal?: AbortSignal) {
  return apiRequest<Answer<typeof fiscalResponses.settings>>('/fiscal/settings', { query: { branchId }, signal });
}

/** PUT /fiscal/settings: a token left out keeps the one stored (Super Admin). */
export function updateFiscalSettings(body: FiscalSettingsInput) {
  return apiRequest<Answer<typeof fiscalResponses.settings>>('/fiscal/settings', { method: 'PUT', body });
}

/** PUT /fiscal/registers/{registerId}: a register's POS ID and token (Super Admin); answers the branch's settings. */
export function updateFiscalRegister({ registerId, ...body }: FiscalRegisterInput) {
  return apiRequest<Answer<typeof fiscalResponses.settings>>(`/fiscal/registers/${encodeURIComponent(registerId)}`, {
    method: 'PUT',
    body,
  });
}

/** GET /fiscal/status?branchId=: pending, failed and sent invoices, and whether one is past the 24-hour rule. */
export function fetchFiscalStatus(branchId: string, signal?: AbortSignal) {
  return apiRequest<Answer<typeof fiscalResponses.status>>('/fiscal/status', { query: { branchId }, signal });
}

/** GET /fiscal/documents: one page of the branch's fiscal invoices, newest first, by status. */
export function fetchFiscalDocuments(params: FiscalDocumentParams, signal?: AbortSignal) {
  return apiRequest<Answer<typeof fiscalResponses.list>>('/fiscal/documents', { query: params, signal });
}

/** POST /fiscal/documents/{id}/resend: a refused invoice queued again (Managers, Super Admins; 409 if not failed). */
export function resendFiscalDocument(id: string) {
  return apiRequest<Answer<typeof fiscalResponses.one>>(`/fiscal/documents/${encodeURIComponent(id)}/resend`, {
    method: 'POST',
  });
}
