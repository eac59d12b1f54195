import { convertMinor, formatExplicitCurrency } from '@paydesk/domain';
import { escapeHtml } from '@paydesk/domain/html';
import { adjustedPriceMinor } from '@paydesk/domain/money/store-price';
import { STORE_PREVIEW_PATH } from '@paydesk/domain/multi-currency/paths';
import { autoCurrencyFor, isPreviewFlagOn } from '@paydesk/domain/multi-currency/rules';
import { type MultiCurrencyState, rateOf, settingsOf } from './service.ts';

/**
 * The public storefront preview (docs/multi-currency.md): sample products priced in the store
 * currency and shown in the visitor's currency with its rate, rounding and charm pricing. It
 * reads no session and shows nothing of the admin; every value from the request is escaped.
 */

/** Sample products, priced in USD cents; a store in another currency shows the same numbers. */
export const SAMPLE_PRODUCTS: readonly { slug: string; name: string; price_usd_minor: number }[] = [
  { slug: 'beanie', name: 'Beanie', price_usd_minor: 1800 },
  { slug: 'hoodie', name: 'Hoodie with zipper', price_usd_minor: 4500 },
  { slug: 'sunglasses', name: 'Sunglasses', price_usd_minor: 9000 },
  { slug: 'album', name: 'Album', price_usd_minor: 1500 },
  { slug: 'poster', name: 'Poster', price_usd_minor: 999 },
];

/** The preview's query, each value a single string at most this long (more is ignored). */
const MAX_QUERY_VALUE_CHARS = 64;

export interface StorefrontQuery {
  currency?: string | undefined;
  country?: string | undefined;
  is_mc_onboarding_simulation?: string | undefined;
  enable_storefront_switcher?: string | undefined;
  enable_auto_currency?: string | undefined;
}

/** A query value when it is one short string; repeated or overlong values count as absent. */
export function singleQueryValue(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_QUERY_VALUE_CHARS ? value : undefined;
}

export interface StorefrontView {
  currency: string;
  switcher: boolean;
  autoCurrency: boolean;
  /** Why the shown currency was chosen. */
  chosenBy: 'query' | 'country' | 'store';
}

/** Which currency the preview shows, and which switches apply (the simulation overrides them). */
export function storefrontView(state: MultiCurrencyState, query: StorefrontQuery): StorefrontView {
  const simulation = query.is_mc_onboarding_simulation === '1';
  const switcher =
    simulation && query.enable_storefront_switcher !== undefined
      ? isPreviewFlagOn(query.enable_storefront_switcher)
      : state.storefrontSwitcher;
  const autoCurrency =
    simulation && query.enable_auto_currency !== undefined
      ? isPreviewFlagOn(query.enable_auto_currency)
      : state.autoCurrency;
  const asked = query.currency?.toUpperCase();
  if (asked && state.enabled.includes(asked))
    return { currency: asked, switcher, autoCurrency, chosenBy: 'query' };
  const auto = autoCurrency && query.country ? autoCurrencyFor(query.country, state.enabled) : null;
  if (auto) return { currency: auto, switcher, autoCurrency, chosenBy: 'country' };
  return { currency: state.storeCurrency, switcher, autoCurrency, chosenBy: 'store' };
}

/** A sample product's price in the store currency (minor units). */
const storePrice = (state: MultiCurrencyState, price_usd_minor: number) =>
  convertMinor(price_usd_minor, 'USD', state.storeCurrency, '1');

/** A price shown in `currency`, with that currency's rate, rounding and charm. */
function shownPrice(state: MultiCurrencyState, amount_minor: number, currency: string): number {
  const settings = settingsOf(state, currency);
  return adjustedPriceMinor(amount_minor, state.storeCurrency, currency, {
    rate: rateOf(state, currency),
    rounding: settings.price_rounding,
    charm: settings.price_charm,
  });
}

const STYLE = `
  body { margin: 0; font: 16px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif; color: #1e1e1e; background: #fff; }
  header { display: flex; flex-wrap: wrap; gap: 12px; justify-content: space-between; align-items: center; padding: 12px 24px; border-bottom: 1px solid #dcdcde; }
  .site { font-weight: 700; font-size: 20px; margin: 0; }
  main { max-width: 960px; margin: 0 auto; padding: 16px 24px; }
  .products { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); gap: 16px; }
  .products li { border: 1px solid #dcdcde; border-radius: 4px; padding: 12px; }
  .products h2 { font-size: 16px; margin: 0 0 8px; }
  .price { font-size: 18px; font-weight: 600; margin: 0; }
  .notice { border-left: 4px solid #3858e9; background: #f0f6fc; padding: 8px 12px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #dcdcde; }
  select, button { font: inherit; padding: 4px 8px; }
  button { background: #3858e9; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
  :focus-visible { outline: 2px solid #3858e9; outline-offset: 2px; }
`;

const KEPT_PARAMS = [
  'country',
  'is_mc_onboarding_simulation',
  'enable_storefront_switcher',
  'enable_auto_currency',
] as const;

function switcherForm(state: MultiCurrencyState, view: StorefrontView, query: StorefrontQuery): string {
  const options = state.enabled
    .map(
      (code) =>
        `<option value="${escapeHtml(code)}"${code === view.currency ? ' selected' : ''}>${escapeHtml(code)}</option>`,
    )
    .join('');
  const hidden = KEPT_PARAMS.map((name) => {
    const value = query[name];
    return value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  }).join('');
  return `<form method="get" action="${STORE_PREVIEW_PATH}" class="switcher" data-testid="currency-switcher" aria-label="Currency switcher">
<label for="currency-switcher-select">Currency</label>
<select id="currency-switcher-select" name="currency">${options}</select>${hidden}
<button type="submit">Change currency</button></form>`;
}

function notices(view: StorefrontView, query: StorefrontQuery): string {
  const lines: string[] = [];
  if (query.currency && view.chosenBy !== 'query') {
    lines.push(
      `The currency “${escapeHtml(query.currency)}” is not offered here; prices are shown in ${escapeHtml(view.currency)}.`,
    );
  }
  if (view.chosenBy === 'country' && query.country) {
    lines.push(
      `Prices are shown in ${escapeHtml(view.currency)} for visitors from ${escapeHtml(query.country.toUpperCase())}.`,
    );
  }
  if (query.is_mc_onboarding_simulation === '1') lines.push('This is a preview of your store.');
  return lines.map((line) => `<p class="notice" role="status">${line}</p>`).join('\n');
}

function currencyTable(state: MultiCurrencyState, locale: string): string {
  const head = SAMPLE_PRODUCTS.map((product) => `<th scope="col">${escapeHtml(product.name)}</th>`).join('');
  const rows = state.enabled
    .map((code) => {
      const cells = SAMPLE_PRODUCTS.map(
        (product) =>
          `<td>${escapeHtml(formatExplicitCurrency(shownPrice(state, storePrice(state, product.price_usd_minor), code), code, locale))}</td>`,
      ).join('');
      return `<tr data-currency="${escapeHtml(code)}"><th scope="row">${escapeHtml(code)}</th><td>${escapeHtml(rateOf(state, code))}</td>${cells}</tr>`;
    })
    .join('\n');
  return `<section aria-labelledby="all-currencies"><h2 id="all-currencies">Prices in every offered currency</h2>
<table data-testid="currency-table"><thead><tr><th scope="col">Currency</th><th scope="col">Rate</th>${head}</tr></thead>
<tbody>${rows}</tbody></table></section>`;
}

/** The whole preview page. `storeName` and `locale` come from the store settings. */
export function renderStorefront(
  state: MultiCurrencyState,
  query: StorefrontQuery,
  store: { storeName: string; locale: string },
): string {
  const view = storefrontView(state, query);
  const products = SAMPLE_PRODUCTS.map((product) => {
    const price = shownPrice(state, storePrice(state, product.price_usd_minor), view.currency);
    return `<li><h2>${escapeHtml(product.name)}</h2><p class="price" data-testid="price-${product.slug}">${escapeHtml(formatExplicitCurrency(price, view.currency, store.locale))}</p></li>`;
  }).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Shop ‹ ${escapeHtml(store.storeName)}</title>
<style>${STYLE}</style>
</head>
<body data-currency="${escapeHtml(view.currency)}" data-switcher="${view.switcher ? 'on' : 'off'}" data-auto-currency="${view.autoCurrency ? 'on' : 'off'}">
<header><p class="site">${escapeHtml(store.storeName)}</p>${view.switcher ? switcherForm(state, view, query) : ''}</header>
<main>
<h1>Shop</h1>
${notices(view, query)}
<p>Prices in <strong data-testid="shown-currency">${escapeHtml(view.currency)}</strong>.</p>
<ul class="products">${products}</ul>
${currencyTable(state, store.locale)}
</main>
</body>
</html>`;
}
