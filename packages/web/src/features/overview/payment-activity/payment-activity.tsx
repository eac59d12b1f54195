import { lazy, Suspense } from 'react';

// The widget and its chart load in their own chunk, after the page itself, so the Overview's
// first load stays within the budget.
const PaymentActivityWidget = lazy(() => import('./payment-activity-widget.tsx'));

/** Payment activity, loaded lazily with its chart. */
export function PaymentActivity() {
  return (
    <Suspense fallback={null}>
      <PaymentActivityWidget />
    </Suspense>
  );
}
