import { z } from 'zod';
import { ZUserPreferences, ZWritableOptions } from '../options.ts';
import { ZStoreSettings } from '../store-settings.ts';
import { defineEndpoint, PAYMENTS_BASE, REST_ROOT } from './endpoint.ts';

/** An option holds any JSON value. */
const optionValue = z.unknown().describe('Any JSON value');

export const optionsGet = defineEndpoint({
  method: 'GET',
  path: `${REST_ROOT}/wc-admin/options`,
  summary: 'Read named options (comma-separated in `options`).',
  tags: ['store'],
  query: z
    .object({
      options: z
        .string()
        .min(1)
        .max(2000)
        .regex(/^[a-z0-9_]+(,[a-z0-9_]+)*$/, 'A comma-separated list of option names'),
    })
    .strict(),
  response: z.record(z.string(), optionValue.nullable()),
});

export const optionsUpdate = defineEndpoint({
  method: 'POST',
  path: `${REST_ROOT}/wc-admin/options`,
  summary: 'Update named options; only the options the admin pages write are accepted.',
  tags: ['store'],
  body: ZWritableOptions,
  response: z.object({ success: z.literal(true) }),
});

export const preferencesGet = defineEndpoint({
  method: 'GET',
  path: `${REST_ROOT}/wc-admin/users/me/preferences`,
  summary: "Read the signed-in user's preferences (hidden columns, inbox last-read time).",
  tags: ['store'],
  response: ZUserPreferences,
});

export const preferencesUpdate = defineEndpoint({
  method: 'POST',
  path: `${REST_ROOT}/wc-admin/users/me/preferences`,
  summary: "Update some of the signed-in user's preferences; answers all of them.",
  tags: ['store'],
  body: ZUserPreferences,
  response: ZUserPreferences,
});

/**
 * The user's `woocommerce_meta`: named texts the admin client keeps per user, each written as
 * JSON. The Overview inbox keeps the time (epoch milliseconds) it was last read under
 * `wc_payments_overview_inbox_last_read`. Only the names listed here are kept.
 */
export const ZWoocommerceMeta = z
  .object({
    wc_payments_overview_inbox_last_read: z
      .string()
      .regex(/^\d{1,16}$/, 'Epoch milliseconds, as JSON text.')
      .optional(),
  })
  .strict();
export type TWoocommerceMeta = z.infer<typeof ZWoocommerceMeta>;
export const WOOCOMMERCE_META_KEYS = Object.keys(ZWoocommerceMeta.shape) as (keyof TWoocommerceMeta)[];

export const ZCurrentUser = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  capabilities: z.record(z.string(), z.boolean()),
  woocommerce_meta: ZWoocommerceMeta.describe('The names saved so far; a name never saved is left out.'),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

export const currentUser = defineEndpoint({
  method: 'GET',
  path: `${REST_ROOT}/wp/v2/users/me`,
  summary: 'The signed-in user.',
  tags: ['store'],
  response: ZCurrentUser,
});

const ZUserUpdateParams = z
  .object({
    id: z.union([
      z.literal('me'),
      z
        .string()
        .regex(/^\d{1,16}$/, 'me or a user id')
        .transform(Number),
    ]),
  })
  .strict();

/** What a user save may change: the given `woocommerce_meta` names (others keep their values). */
const ZUserUpdate = z
  .object({
    id: z.number().int().optional().describe("The user's id, as the admin client sends it back."),
    woocommerce_meta: ZWoocommerceMeta,
  })
  .strict();

function userUpdateEndpoint<M extends 'POST' | 'PUT'>(method: M) {
  return defineEndpoint({
    method,
    path: `${REST_ROOT}/wp/v2/users/:id`,
    summary:
      'Saves woocommerce_meta names of the signed-in user (`me`, or its own id; another id is 403 rest_cannot_edit); answers the user.',
    tags: ['store'],
    params: ZUserUpdateParams,
    body: ZUserUpdate,
    response: ZCurrentUser,
    errors: ['rest_cannot_edit'],
  });
}

/** POST, and PUT as the admin client's data layer saves a user. */
export const updateCurrentUser = userUpdateEndpoint('POST');
export const replaceCurrentUser = userUpdateEndpoint('PUT');

export const storeSettingsGet = defineEndpoint({
  method: 'GET',
  path: `${REST_ROOT}/wc/v3/settings/general`,
  summary: 'The store settings: title, home URL, country, currency, time zone, locale, formats.',
  tags: ['store'],
  response: ZStoreSettings,
});

/**
 * The store settings the payments admin may change: where the store sells, which the
 * international IP address filter reads. Other store settings are the platform's to change
 * (`store:set` on the command line).
 */
export const ZStoreSettingsUpdate = ZStoreSettings.pick({
  woocommerce_allowed_countries: true,
  woocommerce_all_except_countries: true,
  woocommerce_specific_allowed_countries: true,
})
  .partial()
  .strict();

export const storeSettingsUpdate = defineEndpoint({
  method: 'POST',
  path: `${REST_ROOT}/wc/v3/settings/general`,
  summary:
    'Changes where the store sells (all countries, all but some, or only some); answers all store settings.',
  tags: ['store'],
  body: ZStoreSettingsUpdate,
  response: ZStoreSettings,
});

export const ZTrackEvent = z
  .object({
    name: z.string().regex(/^[a-z0-9_]{1,100}$/, 'Lowercase words joined by underscores'),
    properties: z
      .record(z.string().max(64), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]))
      .refine((p) => Object.keys(p).length <= 50, 'At most 50 properties')
      .default({}),
  })
  .strict();

export const trackEvent = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/tracks`,
  summary: 'Records a usage event from the admin pages.',
  tags: ['store'],
  body: ZTrackEvent,
  response: z.object({ success: z.literal(true) }),
});
