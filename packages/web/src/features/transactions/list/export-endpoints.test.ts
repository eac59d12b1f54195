import { exports } from '@paydesk/domain/contracts';
import { describe, expect, it } from 'vitest';
import { fraudOutcomesExport, transactionsExport } from './export-endpoints.ts';

const route = (endpoint: { method: string; path: string; idempotent: boolean }) => ({
  method: endpoint.method,
  path: endpoint.path,
  idempotent: endpoint.idempotent,
});

describe('export endpoint routes', () => {
  it.each([
    ['transactions', transactionsExport, exports.transactionsExport],
    ['fraud outcomes', fraudOutcomesExport, exports.fraudOutcomesExport],
  ] as const)('match the %s export contract', (_name, local, contract) => {
    for (const key of ['request', 'status', 'file'] as const) {
      expect(route(local[key])).toEqual(route(contract[key]));
    }
  });
});
