import { beforeAll, expect, it } from 'vitest';
import { checkLedger } from '../engine/ledger-check.ts';
import { testApi } from '../testing/api.ts';
import { fuzzFromContract, type OpenApiDocument } from '../testing/contract-fuzz.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { cardCheckout } from '../testing/engine.ts';
import { OPENAPI_PATH } from './app.ts';

/**
 * Every endpoint of the OpenAPI document, called with requests generated from its own schemas
 * and with hostile ones (testing/contract-fuzz.ts). `FUZZ_RUNS` sets the generated requests per
 * operation (a few here; `npm run test:reliability` sends many more), `FUZZ_SEED` replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

describeEachDatabase('requests generated from the OpenAPI document', (use) => {
  const api = testApi(use, { account: true });
  let document: OpenApiDocument;

  beforeAll(async () => {
    for (const number of ['4242424242424242', '4000000000000259']) {
      expect((await api.checkout(cardCheckout(number))).statusCode).toBe(200);
    }
    document = (await api.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
  });

  it('never answers 5xx, answers as documented, and refused requests write nothing', async () => {
    const result = await fuzzFromContract(api.app, use(), document, {
      runs: RUNS,
      authorization: api.admin.basic,
      ...(SEED === undefined ? {} : { seed: SEED }),
    });
    if (process.env.FUZZ_REPORT)
      console.log(JSON.stringify({ requests: result.requests, byStatus: result.byStatus }));
    expect(result.requests).toBeGreaterThan(Object.keys(document.paths).length * RUNS);
    expect(result.findings).toEqual([]);
    const ledger = (await checkLedger(use().db)).filter((check) => check.count > 0);
    expect(ledger.map((check) => check.name)).toEqual([]);
  }, 600_000);
});
