import type { FiscalDocumentStatus, FiscalReport } from '@pos/shared';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { fiscalDocuments } from '../db/schema';

/**
 * A read of one sale or return with its report to the tax authority (docs/architecture/fiscal.md): the columns
 * it selects, the condition of its left join on `fiscal_documents`, and the answer's `fiscal` from them.
 */
export const fiscalReportColumns = {
  fiscalStatus: fiscalDocuments.status,
  fiscalNumber: fiscalDocuments.fiscalNumber,
};

export const fiscalReportOn = (kind: 'sale' | 'return', companyId: PgColumn, id: PgColumn): SQL =>
  and(
    eq(fiscalDocuments.companyId, companyId),
    eq(fiscalDocuments.kind, kind),
    eq(fiscalDocuments.documentId, id),
  ) as SQL;

/** Null when the document is not reported (its branch does not report). */
export const fiscalReportOf = (row: {
  fiscalStatus: string | null;
  fiscalNumber: string | null;
}): FiscalReport | null =>
  row.fiscalStatus ? { status: row.fiscalStatus as FiscalDocumentStatus, number: row.fiscalNumber } : null;
