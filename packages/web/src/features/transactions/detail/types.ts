import type { paymentDetail, ResponseOf } from '@paydesk/domain/contracts';

/** The detail page's data, typed by the contracts (never written twice). */
export type PaymentIntent = ResponseOf<typeof paymentDetail.getPaymentIntent>;
export type Charge = ResponseOf<typeof paymentDetail.getCharge>;
export type ChargeOrder = NonNullable<Charge['order']>;
export type TimelineEvent = ResponseOf<typeof paymentDetail.getTimeline>['data'][number];
