import { paymentsSettingsUrl } from '@paydesk/domain/admin-urls';
import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import { __ } from '../lib/i18n.ts';

export interface RouteDefinition {
  /** The `path` query parameter of the admin page. */
  path: string;
  title: () => string;
  /** Trail above the title, ending with the page itself; `href` for a page outside wc-admin. */
  breadcrumbs: () => { label: string; path?: string; href?: string }[];
  /** Shown in the payments menu when set, in this order. */
  menu?: { label: () => string; order: number };
  component: LazyExoticComponent<ComponentType>;
}

const OverviewOnboardingFlow = lazy(() =>
  import('../features/onboarding/components/overview-onboarding-flow.tsx').then((module) => ({
    default: module.OverviewOnboardingFlow,
  })),
);

/**
 * Pages outside wc-admin have no `path`; the store settings' payments section is registered
 * under its own address (DESIGN §3), and opens when every parameter of that address matches.
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
    path: PAYMENTS_SETTINGS_ROUTE,
    title: () => __('Payments settings'),
    breadcrumbs: () => [payments(), { label: __('Payments settings') }],
    component: lazy(() => import('../features/settings/pages/settings-page.tsx')),
  },
];

/** The route an admin URL opens: wc-admin pages by `path`, the payments settings by address. */
export function routeKeyOf(search: URLSearchParams): string | null {
  const path = search.get('path');
  if (path) return path;
  const settings = new URLSearchParams(PAYMENTS_SETTINGS_ROUTE.split('?')[1]);
  return [...settings].every(([key, value]) => search.get(key) === value) ? PAYMENTS_SETTINGS_ROUTE : null;
}

export function findRoute(path: string): RouteDefinition | undefined {
  return ROUTES.find((route) => route.path === path);
}
