import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { __ } from '../lib/i18n.ts';

export interface RouteDefinition {
  /** The `path` query parameter of the admin page. */
  path: string;
  title: () => string;
  /** Trail above the title, ending with the page itself. */
  breadcrumbs: () => { label: string; path?: string }[];
  /** Shown in the payments menu when set, in this order. */
  menu?: { label: () => string; order: number };
  component: LazyExoticComponent<ComponentType>;
}

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
    component: lazy(() => import('../features/connect/pages/connect-page.tsx')),
  },
  {
    path: '/payments/overview',
    title: () => __('Overview'),
    breadcrumbs: () => [payments(), { label: __('Overview') }],
    menu: { label: () => __('Overview'), order: 10 },
    component: lazy(() => import('../features/overview/pages/overview-page.tsx')),
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
];

export function findRoute(path: string): RouteDefinition | undefined {
  return ROUTES.find((route) => route.path === path);
}
