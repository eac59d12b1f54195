/**
 * The zod-free part of the contracts: the admin pages load this at run time, while the
 * schemas reach them as types only (the web build replaces each endpoint by its method and path).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The REST root and the payments base (`{base}`). */
export const REST_ROOT = '/wp-json';
export const PAYMENTS_BASE = `${REST_ROOT}/wc/v3/payments`;

/** Fills `:name` segments of an endpoint path; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
