import type { Endpoint, ResponseOf } from '@paydesk/domain/contracts';
import { apiRequest, type RequestInput } from './api.ts';

/**
 * Lists answered in WordPress's form (a bare array, the totals in headers), kept apart from the
 * API client so only the pages that page through such a list load it.
 */

/** One page of a list answered in WordPress's form: the items, and the totals from the headers. */
export interface ApiPage<E extends Endpoint> {
  data: ResponseOf<E>;
  /** X-WP-Total: how many items match in all. */
  total: number;
  /** X-WP-TotalPages: how many pages of this size they fill. */
  totalPages: number;
}

const headerCount = (headers: Headers, name: string): number => {
  const value = Number(headers.get(name));
  return Number.isInteger(value) && value >= 0 ? value : 0;
};

/** Calls a list endpoint that answers a bare array with X-WP-Total and X-WP-TotalPages. */
export async function apiFetchPage<E extends Endpoint>(
  endpoint: E,
  input: Omit<RequestInput<E>, 'body'> = {},
): Promise<ApiPage<E>> {
  const { payload, headers } = await apiRequest(endpoint, input, undefined);
  return {
    data: payload,
    total: headerCount(headers, 'X-WP-Total'),
    totalPages: headerCount(headers, 'X-WP-TotalPages'),
  };
}
