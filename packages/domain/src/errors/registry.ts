import { ACCOUNTS_ERRORS } from './accounts.ts';
import { CAPITAL_ERRORS } from './capital.ts';
import { CARD_READERS_ERRORS } from './card-readers.ts';
import { DISPUTES_ERRORS } from './disputes.ts';
import { DOCUMENTS_ERRORS } from './documents.ts';
import { EXPORTS_ERRORS } from './exports.ts';
import { FILES_ERRORS } from './files.ts';
import { INBOX_ERRORS } from './inbox.ts';
import { MULTI_CURRENCY_ERRORS } from './multi-currency.ts';
import { PAYMENTS_ERRORS } from './payments.ts';
import { PAYOUTS_ERRORS } from './payouts.ts';
import { REST_ERRORS } from './rest.ts';
import type { ErrorSpec } from './table.ts';
import { USERS_ERRORS } from './users.ts';

/**
 * Every error code the API answers with, one table per area. A code is defined once, here,
 * with its status and message; code that raises it names only the code (`appError`), and each
 * endpoint's contract lists the codes it can answer, which the OpenAPI document publishes.
 *
 * To add an area: write `errors/<area>.ts` with `defineErrors({...})` and spread it below.
 */
/** Every area's table with its title; a code may appear in one of them only (a test checks). */
export const ERROR_AREAS = [
  { title: 'The REST layer', errors: REST_ERRORS },
  { title: 'Accounts and onboarding', errors: ACCOUNTS_ERRORS },
  { title: 'Users', errors: USERS_ERRORS },
  { title: 'Payments', errors: PAYMENTS_ERRORS },
  { title: 'Disputes', errors: DISPUTES_ERRORS },
  { title: 'Payouts', errors: PAYOUTS_ERRORS },
  { title: 'Capital', errors: CAPITAL_ERRORS },
  { title: 'Card readers', errors: CARD_READERS_ERRORS },
  { title: 'Files', errors: FILES_ERRORS },
  { title: 'Exports', errors: EXPORTS_ERRORS },
  { title: 'Inbox', errors: INBOX_ERRORS },
  { title: 'Documents and VAT', errors: DOCUMENTS_ERRORS },
  { title: 'Multi-currency', errors: MULTI_CURRENCY_ERRORS },
] as const;

export const ERRORS = {
  ...REST_ERRORS,
  ...ACCOUNTS_ERRORS,
  ...USERS_ERRORS,
  ...PAYMENTS_ERRORS,
  ...DISPUTES_ERRORS,
  ...PAYOUTS_ERRORS,
  ...CAPITAL_ERRORS,
  ...CARD_READERS_ERRORS,
  ...FILES_ERRORS,
  ...EXPORTS_ERRORS,
  ...INBOX_ERRORS,
  ...DOCUMENTS_ERRORS,
  ...MULTI_CURRENCY_ERRORS,
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

export function errorSpec(code: ErrorCode): ErrorSpec {
  return ERRORS[code];
}
