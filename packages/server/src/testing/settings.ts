import type { FastifyInstance } from 'fastify';

export const SETTINGS_URL = '/wp-json/wc/v3/payments/settings';

/** `GET` and `POST {base}/settings` as a user; the app and user are read when a call is made. */
export function settingsApi(app: () => FastifyInstance, auth: () => string) {
  return {
    read: () => app().inject({ method: 'GET', url: SETTINGS_URL, headers: { authorization: auth() } }),
    save: (payload: unknown) =>
      app().inject({
        method: 'POST',
        url: SETTINGS_URL,
        headers: { authorization: auth() },
        payload: payload as object,
      }),
  };
}
