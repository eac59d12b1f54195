import { multiCurrency } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import {
  currenciesOf,
  getCurrencySettings,
  getMultiCurrencySettings,
  loadMultiCurrency,
  updateCurrencySettings,
  updateEnabledCurrencies,
  updateMultiCurrencySettings,
} from '../../engine/multi-currency/service.ts';
import { registerEndpoint } from '../endpoint.ts';

/**
 * The multi-currency endpoints (docs/multi-currency.md): the store's currencies and the storefront
 * switches.
 */
export function multiCurrencyRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, multiCurrency.getCurrencies, async () => currenciesOf(await loadMultiCurrency(db)));
  registerEndpoint(app, multiCurrency.updateEnabledCurrencies, async ({ body }) =>
    updateEnabledCurrencies(db, body.enabled),
  );
  registerEndpoint(app, multiCurrency.getCurrencySettings, async ({ params }) =>
    getCurrencySettings(db, params.code),
  );
  registerEndpoint(app, multiCurrency.updateCurrencySettings, async ({ params, body }) =>
    updateCurrencySettings(db, params.code, body),
  );
  registerEndpoint(app, multiCurrency.getSettings, async () => getMultiCurrencySettings(db));
  registerEndpoint(app, multiCurrency.updateSettings, async ({ body }) =>
    updateMultiCurrencySettings(db, body),
  );
}
