import { paymentsSettingsUrl } from '@paydesk/domain/admin-urls';
import { showsLoansMenu } from '@paydesk/domain/capital/menu';
import { MULTI_CURRENCY_SETUP_PATH } from '@paydesk/domain/multi-currency/paths';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import { getSettings } from '../lib/bootstrap.ts';
import { __ } from '../lib/i18n.ts';

export interface RouteDefinition {
  /** The `path` query parameter of the admin page. */
  path: string;
  title: () => string;
  /** Trail above the title, ending with the page itself; `href` for a page outside wc-admin. */
  breadcrumbs: () => { label: string; path?: string; href?: string }[];
  /** Shown in the payments menu when set (and `visible` says so), in this order. */
  menu?: { label: () => string; order: number; visible?: () => boolean };
  /** Whether the page exists for this store (a feature it may turn off); always when unset. */
  available?: () => boolean;
  component: LazyExoticComponent<ComponentType>;
  /**
   * Starts the page's first reads into the query cache when the route is entered (and when its
   * query changes), as soon as the page's code is there and before its first render, so the
   * data is on its way while the page renders.
   */
  prefetch?: (client: QueryClient, search: URLSearchParams) => Promise<unknown>;
}

const OverviewOnboardingFlow = lazy(() =>
  import('../features/onboarding/components/overview-onboarding-flow.tsx').then((module) => ({
    default: module.OverviewOnboardingFlow,
  })),
);

/**
 * Pages outside wc-admin have no `path`; the store settings' payments section is registered
 * under its own address, and opens when every parameter of that address matches.
 */
export const PAYMENTS_SETTINGS_ROUTE = paymentsSettingsUrl();

const payments = () => ({ label: __('Payments'), path: '/payments/overview' });

/**
 * The route table: the only place a page is registered. Pages load lazily, each in its own
 * chunk, so the shell stays small.
 */
export const ROUTES: RouteDefinition[] = [
  {
    path: '/payments/connect',
    title: () => __('Connect'),
    breadcrumbs: () => [payments(), { label: __('Connect') }],
    component: lazy(() => import('../features/onboarding/pages/connect-page.tsx')),
  },
  {
    path: '/payments/onboarding',
    title: () => __('Onboarding'),
    breadcrumbs: () => [payments(), { label: __('Onboarding') }],
    component: lazy(() => import('../features/onboarding/pages/onboarding-page.tsx')),
  },
  {
    path: '/payments/onboarding/kyc',
    title: () => __('Continue verification'),
    breadcrumbs: () => [payments(), { label: __('Continue verification') }],
    component: lazy(() => import('../features/onboarding/pages/kyc-page.tsx')),
  },
  {
    path: '/payments/overview',
    title: () => __('Overview'),
    breadcrumbs: () => [payments(), { label: __('Overview') }],
    menu: { label: () => __('Overview'), order: 10 },
    // The Overview finishes an unverified account's setup in place with the onboarding flow;
    // features do not import each other, so the route hands the flow to the page.
    component: lazy(() =>
      import('../features/overview/pages/overview-page.tsx').then(({ default: OverviewPage }) => ({
        default: () => createElement(OverviewPage, { setupFlow: OverviewOnboardingFlow }),
      })),
    ),
  },
  {
    path: '/payments/transactions',
    title: () => __('Transactions'),
    breadcrumbs: () => [payments(), { label: __('Transactions') }],
    menu: { label: () => __('Transactions'), order: 20 },
    component: lazy(() => import('../features/transactions/pages/transactions-page.tsx')),
    // From the page's own chunk: a chunk of its own would split the code the page shares with it
    // and make the page's first load larger.
    prefetch: (client, search) =>
      import('../features/transactions/pages/transactions-page.tsx').then(({ prefetch }) =>
        prefetch(client, search),
      ),
  },
  {
    path: '/payments/transactions/details',
    title: () => __('Payment details'),
    breadcrumbs: () => [
      payments(),
      { label: __('Transactions'), path: '/payments/transactions' },
      { label: __('Payment details') },
    ],
    component: lazy(() => import('../features/transactions/pages/payment-detail-page.tsx')),
  },
  {
    path: '/payments/payouts',
    title: () => __('Payouts'),
    breadcrumbs: () => [payments(), { label: __('Payouts') }],
    menu: { label: () => __('Payouts'), order: 30 },
    component: lazy(() => import('../features/payouts/pages/payouts-page.tsx')),
  },
  {
    path: '/payments/payouts/details',
    title: () => __('Payout details'),
    breadcrumbs: () => [
      payments(),
      { label: __('Payouts'), path: '/payments/payouts' },
      { label: __('Payout details') },
    ],
    // The payout's transactions are the transactions list narrowed to it; features do not import
    // each other, so the route hands the list to the page.
    component: lazy(() =>
      Promise.all([
        import('../features/payouts/pages/payout-detail-page.tsx'),
        import('../features/transactions/list/transactions-list.tsx'),
      ]).then(([{ default: PayoutDetailPage }, { TransactionsList }]) => ({
        default: () => createElement(PayoutDetailPage, { transactions: TransactionsList }),
      })),
    ),
  },
  {
    path: '/payments/loans',
    title: () => __('Capital loans'),
    breadcrumbs: () => [payments(), { label: __('Capital loans') }],
    menu: {
      label: () => __('Loans'),
      order: 50,
      visible: () => showsLoansMenu(getSettings().accountLoans),
    },
    component: lazy(() => import('../features/capital/pages/loans-page.tsx')),
  },
  {
    path: '/payments/card-readers',
    title: () => __('Card readers'),
    breadcrumbs: () => [payments(), { label: __('Card readers') }],
    menu: { label: () => __('Card readers'), order: 55 },
    component: lazy(() => import('../features/card-readers/pages/card-readers-page.tsx')),
  },
  {
    path: '/payments/fraud-protection',
    title: () => __('Advanced fraud protection'),
    breadcrumbs: () => [
      { label: __('Payments settings'), href: paymentsSettingsUrl() },
      { label: __('Advanced fraud protection') },
    ],
    menu: { label: () => __('Fraud protection'), order: 70 },
    component: lazy(() => import('../features/fraud/pages/fraud-protection-page.tsx')),
  },
  {
    path: '/payments/documents',
    title: () => __('Documents'),
    breadcrumbs: () => [payments(), { label: __('Documents') }],
    menu: { label: () => __('Documents'), order: 60 },
    available: () => getSettings().featureFlags.documents,
    component: lazy(() => import('../features/documents/pages/documents-page.tsx')),
  },
  {
    path: '/payments/disputes',
    title: () => __('Disputes'),
    breadcrumbs: () => [payments(), { label: __('Disputes') }],
    menu: { label: () => __('Disputes'), order: 35 },
    component: lazy(() => import('../features/disputes/pages/disputes-page.tsx')),
  },
  {
    path: '/payments/disputes/details',
    title: () => __('Dispute details'),
    breadcrumbs: () => [
      payments(),
      { label: __('Disputes'), path: '/payments/disputes' },
      { label: __('Dispute details') },
    ],
    component: lazy(() => import('../features/disputes/pages/dispute-details-page.tsx')),
  },
  {
    // The dispute challenge page; its links use DISPUTE_CHALLENGE_PATH (routes.test.ts holds the
    // two equal).
    path: '/payments/disputes/challenge',
    title: () => __('Challenge dispute'),
    breadcrumbs: () => [
      payments(),
      { label: __('Disputes'), path: '/payments/disputes' },
      { label: __('Challenge dispute') },
    ],
    component: lazy(() => import('../features/disputes/pages/dispute-challenge-page.tsx')),
  },
  {
    // The payment-methods setup wizard (PAYMENT_METHODS_WIZARD_PATH of its links). It saves the
    // payments settings, which the settings feature reads and saves; features do not import
    // each other, so the route hands that to the page.
    path: '/payments/additional-payment-methods',
    title: () => __('Add payment methods'),
    breadcrumbs: () => [
      { label: __('Payments settings'), href: paymentsSettingsUrl() },
      { label: __('Add payment methods') },
    ],
    component: lazy(() =>
      Promise.all([
        import('../features/payment-methods/pages/payment-methods-wizard-page.tsx'),
        import('../features/settings/api/settings.ts'),
      ]).then(([{ default: PaymentMethodsWizardPage }, settingsApi]) => ({
        default: () => createElement(PaymentMethodsWizardPage, { settingsApi }),
      })),
    ),
  },
  {
    // The multi-currency setup wizard. The store settings' multi-currency tab opens here too
    // (routeKeyOf), and the page shows what its address asks for; the pages load in two steps
    // (entry.ts), so the shell names one tiny chunk.
    path: '/payments/multi-currency-setup',
    title: () => __('Multi-currency'),
    breadcrumbs: () => [payments(), { label: __('Multi-currency') }],
    component: lazy(() =>
      import('../features/multi-currency/pages/entry.ts').then(
        (entry) => entry.default() as Promise<{ default: ComponentType }>,
      ),
    ),
  },
  {
    path: '/payments/audit-log',
    title: () => __('Audit log'),
    breadcrumbs: () => [payments(), { label: __('Audit log') }],
    menu: { label: () => __('Audit log'), order: 90 },
    component: lazy(() => import('../features/audit-log/pages/audit-log-page.tsx')),
  },
  {
    path: PAYMENTS_SETTINGS_ROUTE,
    title: () => __('Payments settings'),
    breadcrumbs: () => [payments(), { label: __('Payments settings') }],
    menu: { label: () => __('Settings'), order: 80 },
    component: lazy(() => import('../features/settings/pages/settings-page.tsx')),
  },
];

const isAvailable = (route: RouteDefinition) => route.available?.() ?? true;

/** The pages of the menu, in order. */
export function menuRoutes(): RouteDefinition[] {
  return ROUTES.filter((route) => route.menu && isAvailable(route) && (route.menu.visible?.() ?? true)).sort(
    (a, b) => a.menu!.order - b.menu!.order,
  );
}

/** The route an admin URL opens: wc-admin pages by `path`, the store settings pages by address. */
export function routeKeyOf(search: URLSearchParams): string | null {
  const path = search.get('path');
  if (path) return path;
  if (search.get('tab') === 'wcpay_multi_currency') {
    return MULTI_CURRENCY_SETUP_PATH;
  }
  const settings = new URLSearchParams(PAYMENTS_SETTINGS_ROUTE.split('?')[1]);
  return [...settings].every(([key, value]) => search.get(key) === value) ? PAYMENTS_SETTINGS_ROUTE : null;
}

export function findRoute(path: string): RouteDefinition | undefined {
  return ROUTES.find((route) => route.path === path && isAvailable(route));
}
