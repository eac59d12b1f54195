import { appError } from '@paydesk/domain';
import type { payouts } from '@paydesk/domain/contracts';
import {
  matchStatement,
  readStatement,
  STATEMENT_MAX_LINES,
  statementWindow,
} from '@paydesk/domain/payouts/statement';
import { ownedBy } from '../../db/scope.ts';
import type { Account } from '../accounts.ts';
import type { Executor } from '../ledger.ts';
import { payoutView } from './read.ts';

/** Payouts that never reach a bank account are never looked for on a statement. */
const NEVER_ARRIVES = ['failed', 'canceled'] as const;

/** The text of a statement file, or the line holding its first byte that is not UTF-8. */
function decodeStatement(content: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    const lenient = new TextDecoder('utf-8').decode(content);
    const before = lenient.slice(0, lenient.indexOf('\uFFFD'));
    const line = before.split(/\r\n|\r|\n/).length;
    throw appError('wcpay_statement_invalid', {
      args: [line, 'the file is not UTF-8 text; export the statement as CSV in UTF-8.'],
      extra: { line },
    });
  }
}

/**
 * `POST {base}/deposits/reconcile`: reads a bank statement and pairs its lines with the
 * account's payouts (the rules are `matchStatement`'s). One indexed range read of the payouts
 * arriving within the statement's dates widened by the matching window.
 */
export async function reconcileStatement(
  db: Executor,
  account: Pick<Account, 'id' | 'default_currency'>,
  content: Uint8Array,
): Promise<payouts.TStatementReconciliation> {
  const read = readStatement(decodeStatement(content), account.default_currency);
  if (!read.ok) {
    if (read.reason === 'too_many_lines') {
      throw appError('wcpay_statement_too_long', { args: [STATEMENT_MAX_LINES.toLocaleString('en-US')] });
    }
    throw appError('wcpay_statement_invalid', {
      args: [read.line, read.message],
      extra: { line: read.line },
    });
  }
  const window = statementWindow(read.lines);
  const rows = await db
    .selectFrom('payouts')
    .selectAll()
    .where(ownedBy(account.id))
    .where('currency', 'in', [...new Set(read.lines.map((line) => line.currency))])
    .where('arrival_date', '>=', new Date(window.from))
    .where('arrival_date', '<', new Date(window.to))
    .where('status', 'not in', NEVER_ARRIVES)
    .orderBy('arrival_date')
    .orderBy('id')
    .execute();
  return matchStatement(read.lines, rows.map(payoutView));
}
