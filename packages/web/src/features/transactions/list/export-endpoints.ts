import { type exports, PAYMENTS_BASE } from '@paydesk/domain/contracts';

type ExportEndpoints = typeof exports.transactionsExport;

/**
 * The routes of the export endpoints. The contracts group them one level deeper than the other
 * areas (`exports.transactionsExport.request`), and the browser's copy of the contracts
 * carries one level only, so their method and path are repeated here, typed by the contract;
 * export-endpoints.test.ts checks them against it.
 */
function routes(base: string) {
  return {
    request: { method: 'POST', path: base, idempotent: false },
    status: { method: 'GET', path: `${base}/:export_id`, idempotent: false },
    file: { method: 'GET', path: `${base}/:export_id/file`, idempotent: false },
  } as const;
}

export const transactionsExport = routes(
  `${PAYMENTS_BASE}/transactions/download`,
) as unknown as ExportEndpoints;
export const fraudOutcomesExport = routes(
  `${PAYMENTS_BASE}/transactions/fraud-outcomes/download`,
) as unknown as typeof exports.fraudOutcomesExport;
