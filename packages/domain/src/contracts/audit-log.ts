import { z } from 'zod';
import { AUDIT_OUTCOMES, type AuditOutcome } from '../audit-log/outcomes.ts';
import { defineEndpoint, listQuery, PAYMENTS_BASE } from './endpoint.ts';
import { transactionFilterFields } from './transactions.ts';

/**
 * The audit log (docs/audit-log.md): one row per mutating request, refused request and failed
 * sign-in, written with the change it records. Read-only: no endpoint changes or deletes a row.
 */

export { AUDIT_OUTCOMES, type AuditOutcome };

const { date_before, date_after, date_between } = transactionFilterFields;

/** The filters of the list and of its CSV download. Dates apply to when the request was made. */
const auditFilterFields = {
  user: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .optional()
    .describe('A user id, or a username (also the username a failed sign-in tried).'),
  action: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .optional()
    .describe('The action exactly, e.g. `POST /wc/v3/payments/refund`.'),
  object_id: z.string().trim().min(1).max(200).optional().describe('The object, e.g. a ch_ or dp_ id.'),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  date_before,
  date_after,
  date_between,
};

export const ZAuditLogFilters = z.object(auditFilterFields).strict();
export type TAuditLogFilters = z.output<typeof ZAuditLogFilters>;

export const ZAuditLogListQuery = z.object({ ...listQuery, ...auditFilterFields }).strict();
export type TAuditLogListQuery = z.output<typeof ZAuditLogListQuery>;

/** One audit row. `created` is in epoch seconds, as the other lists answer times. */
export const ZAuditLogRow = z
  .object({
    id: z.number().int(),
    created: z.number().int().describe('Epoch seconds'),
    user_id: z.number().int().nullable(),
    username: z.string().nullable().describe('Who acted, or the username a failed sign-in tried.'),
    credential: z
      .string()
      .describe('`session`, `application_password:<its name>`, or `none` (not signed in).'),
    ip: z.string(),
    method: z.string(),
    action: z.string().describe('`METHOD /route/pattern` below /wp-json.'),
    object_id: z.string().nullable(),
    status: z.number().int().nullable().describe('The HTTP status answered; null when it never was.'),
    outcome: z.enum(AUDIT_OUTCOMES),
    change: z
      .unknown()
      .describe('The request body with secrets redacted and files as name and size; null without a body.'),
    request_id: z.string(),
  })
  .meta({ id: 'AuditLogRow' });
export type TAuditLogRow = z.infer<typeof ZAuditLogRow>;

export const listAuditLog = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/audit_log`,
  summary: 'The audit log, newest first unless asked otherwise.',
  tags: ['audit-log'],
  query: ZAuditLogListQuery,
  response: z.object({ data: z.array(ZAuditLogRow) }),
});

export const auditLogSummary = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/audit_log/summary`,
  summary: 'How many audit rows the filters select.',
  tags: ['audit-log'],
  query: ZAuditLogFilters,
  response: z.object({ count: z.number().int() }),
});

export const downloadAuditLog = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/audit_log/download`,
  summary:
    'The audit rows the filters select as CSV (text/csv), newest first, streamed as an attachment. Links carry _wpnonce.',
  tags: ['audit-log'],
  query: ZAuditLogFilters,
  response: z.string().describe('The CSV file.'),
});

/** The columns of the CSV download, in order. */
export const AUDIT_LOG_CSV_COLUMNS = [
  'Date (UTC)',
  'User ID',
  'Username',
  'Credential',
  'Address',
  'Method',
  'Action',
  'Object',
  'Outcome',
  'Status',
  'Change',
  'Request ID',
] as const;
