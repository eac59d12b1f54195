/** The Overview's payment activity (`GET {base}/reporting/payment_activity`). */
export const reportingKeys = {
  all: ['reporting'] as const,
  paymentActivity: (request: object) => [...reportingKeys.all, 'payment-activity', request] as const,
};
