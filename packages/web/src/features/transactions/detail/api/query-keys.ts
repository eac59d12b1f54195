/**
 * Query keys of the payment detail page, from one factory so that a mutation invalidates exactly
 * what it changed: everything under `paymentDetailKeys.all` belongs to one payment's page.
 */
export const paymentDetailKeys = {
  all: ['payment-detail'] as const,
  intent: (id: string) => [...paymentDetailKeys.all, 'intent', id] as const,
  charge: (id: string) => [...paymentDetailKeys.all, 'charge', id] as const,
  chargeByOrder: (orderId: string) => [...paymentDetailKeys.all, 'charge-by-order', orderId] as const,
  timeline: (id: string) => [...paymentDetailKeys.all, 'timeline', id] as const,
  readerCharges: (id: string) => [...paymentDetailKeys.all, 'reader-charges', id] as const,
};
