import { z } from 'zod';
import { defineEndpoint, PAYMENTS_BASE } from './endpoint.ts';
import { ZPayoutFilters } from './payouts.ts';
import { transactionFilterFields, ZFraudOutcomeFilters, ZTransactionFilters } from './transactions.ts';

/**
 * CSV exports of the lists. The page POSTs the list's current filters (in
 * the query, exactly as the list takes them) with the user's e-mail and locale; the answer names
 * the export at once, and a job writes the file. The page then polls the export until its
 * status is `success` and downloads `download_url` with `force_download=true`. The file is also
 * e-mailed to `user_email` (the signed-in user's address when none is given).
 */

/** What the page shows when an export cannot be made. */
export const EXPORT_FAILED_MESSAGE = 'There was a problem generating your export.';

/** The success notice; `{email}` is the address the file is mailed to. */
export const EXPORT_STARTED_MESSAGE =
  "We're processing your export. 🎉 The file will download automatically and be emailed to {email}.";

/** The page asks before exporting this many rows without filters. */
export const EXPORT_CONFIRM_THRESHOLDS = { deposits: 1000, transactions: 10000 } as const;

/** How the page polls for the file. */
export const EXPORT_POLL = { interval_ms: 1000, max_attempts: 5 } as const;

/**
 * The letters or digits after `exp_` in an export's id. An export's id is what a script polls
 * and downloads by, so it keeps this length whatever length the store's other ids take.
 */
export const EXPORT_ID_CHARS = 24;

/** An export's id: `exp_` and {@link EXPORT_ID_CHARS} letters or digits. */
export const zExportId = z
  .string()
  .regex(new RegExp(`^exp_[A-Za-z0-9]{${EXPORT_ID_CHARS}}$`), 'An export id (exp_…)');

export const EXPORT_STATUSES = ['pending', 'success', 'failed'] as const;

/**
 * Who the file is for, in the body (the query takes them too, as the lists' filters do); a
 * value in the query wins.
 */
export const ZExportRecipient = z
  .object({
    user_email: transactionFilterFields.user_email,
    locale: transactionFilterFields.locale,
    user_timezone: transactionFilterFields.user_timezone,
  })
  .strict();
export type TExportRecipient = z.output<typeof ZExportRecipient>;

export const ZExportStarted = z
  .object({
    export_id: zExportId,
    status: z.enum(EXPORT_STATUSES),
    user_email: z.string().describe('Where the file will be e-mailed.'),
  })
  .meta({ id: 'ExportStarted' });
export type TExportStarted = z.infer<typeof ZExportStarted>;

export const ZExportStatus = z
  .object({
    export_id: zExportId,
    status: z.enum(EXPORT_STATUSES).describe('pending until the job has written the file.'),
    download_url: z
      .string()
      .nullable()
      .describe('Set once status is success: the file, as an attachment with force_download=true.'),
    row_count: z.number().int().nullable().describe('Rows written (without the header); set on success.'),
    message: z.string().nullable().describe(`On failure: '${EXPORT_FAILED_MESSAGE}'`),
  })
  .meta({ id: 'ExportStatus' });
export type TExportStatus = z.infer<typeof ZExportStatus>;

export const ZExportParams = z.object({ export_id: zExportId }).strict();

export const ZExportFileQuery = z
  .object({
    force_download: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .describe('true: sent as an attachment (Content-Disposition: attachment); else inline.'),
  })
  .strict();

/** The export kinds and the base path of each. */
export const EXPORT_PATHS = {
  transactions: `${PAYMENTS_BASE}/transactions/download`,
  fraud_outcomes: `${PAYMENTS_BASE}/transactions/fraud-outcomes/download`,
  deposits: `${PAYMENTS_BASE}/deposits/download`,
} as const;
export type ExportKind = keyof typeof EXPORT_PATHS;

function requestEndpoint<Q extends z.ZodType>(kind: ExportKind, what: string, query: Q) {
  return defineEndpoint({
    method: 'POST',
    path: EXPORT_PATHS[kind],
    summary: `Starts a CSV export of ${what} with the list's filters; answers the export id at once.`,
    tags: ['exports'],
    query,
    body: ZExportRecipient.nullish(),
    response: ZExportStarted,
    errors: ['wcpay_account_not_found'],
  });
}

function statusEndpoint(kind: ExportKind, what: string) {
  return defineEndpoint({
    method: 'GET',
    path: `${EXPORT_PATHS[kind]}/:export_id`,
    summary: `Where a CSV export of ${what} stands; download_url once the file is ready.`,
    tags: ['exports'],
    params: ZExportParams,
    response: ZExportStatus,
    errors: ['wcpay_account_not_found', 'wcpay_export_not_found'],
  });
}

function fileEndpoint(kind: ExportKind, what: string) {
  return defineEndpoint({
    method: 'GET',
    path: `${EXPORT_PATHS[kind]}/:export_id/file`,
    summary: `The CSV file of an export of ${what} (text/csv, UTF-8). Links carry _wpnonce.`,
    tags: ['exports'],
    params: ZExportParams,
    query: ZExportFileQuery,
    response: z.string().describe('The CSV file.'),
    errors: ['wcpay_account_not_found', 'wcpay_export_not_found', 'export_not_ready'],
  });
}

/** `POST {base}/transactions/download`: the transactions list's filters. */
export const requestTransactionsExport = requestEndpoint('transactions', 'transactions', ZTransactionFilters);
export const transactionsExportStatus = statusEndpoint('transactions', 'transactions');
export const transactionsExportFile = fileEndpoint('transactions', 'transactions');

/**
 * `POST {base}/transactions/fraud-outcomes/download`: the blocked list's filters; exporting
 * review outcomes sends `additional_status=review`.
 */
export const requestFraudOutcomesExport = requestEndpoint(
  'fraud_outcomes',
  'blocked payments',
  ZFraudOutcomeFilters,
);
export const fraudOutcomesExportStatus = statusEndpoint('fraud_outcomes', 'blocked payments');
export const fraudOutcomesExportFile = fileEndpoint('fraud_outcomes', 'blocked payments');

/** `POST {base}/deposits/download`: the payouts list's filters. */
export const requestDepositsExport = requestEndpoint('deposits', 'payouts', ZPayoutFilters);
export const depositsExportStatus = statusEndpoint('deposits', 'payouts');
export const depositsExportFile = fileEndpoint('deposits', 'payouts');
