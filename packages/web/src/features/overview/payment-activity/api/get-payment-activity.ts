import { reporting } from '@paydesk/domain/contracts';
import type { LocalRange } from '@paydesk/domain/overview/payment-activity';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { getSettings } from '../../../../lib/bootstrap.ts';
import { reportingKeys } from '../../../../lib/query-keys/index.ts';

export interface PaymentActivityRequest extends LocalRange {
  timezone: string;
  /** Missing: the account's default currency. */
  currency?: string;
}

/** GET {base}/reporting/payment_activity, selected by currency, date_start, date_end and timezone. */
export const paymentActivityQuery = (request: PaymentActivityRequest) =>
  queryOptions({
    queryKey: reportingKeys.paymentActivity(request),
    queryFn: ({ signal }) => apiFetch(reporting.paymentActivity, { query: request, signal }),
  });

/** Keeps the previous period on screen while the next one loads, so the widget does not jump. */
export function usePaymentActivity(request: PaymentActivityRequest | undefined) {
  return useQuery({
    ...paymentActivityQuery(request ?? { date_start: '', date_end: '', timezone: '' }),
    enabled: request !== undefined && getSettings().isAccountConnected,
    placeholderData: keepPreviousData,
  });
}
