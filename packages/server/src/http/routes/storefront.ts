import { STORE_PREVIEW_PATH } from '@paydesk/domain/multi-currency/paths';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { loadMultiCurrency } from '../../engine/multi-currency/service.ts';
import {
  renderStorefront,
  type StorefrontQuery,
  singleQueryValue,
} from '../../engine/multi-currency/storefront.ts';
import { getStoreSettings } from '../../store/options.ts';

const QUERY_NAMES = [
  'currency',
  'country',
  'is_mc_onboarding_simulation',
  'enable_storefront_switcher',
  'enable_auto_currency',
] as const satisfies readonly (keyof StorefrontQuery)[];

/**
 * The public storefront preview at `store_url` (docs/multi-currency.md). Outside the REST tree
 * and the admin: no session is read, and other query parameters are ignored as a shop would.
 */
export function storefrontRoutes(app: FastifyInstance, db: Db): void {
  app.get(STORE_PREVIEW_PATH, { schema: { hide: true } }, async (request, reply) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const query: StorefrontQuery = Object.fromEntries(
      QUERY_NAMES.map((name) => [name, singleQueryValue(raw[name])]),
    );
    const [state, store] = await Promise.all([loadMultiCurrency(db), getStoreSettings(db)]);
    const html = renderStorefront(state, query, { storeName: store.blogname, locale: store.locale });
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
}
