import { appError, invalidParams, roleHas, STORE_SETTING_KEYS, WRITABLE_OPTION_NAMES } from '@paydesk/domain';
import { store } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { getOptions, getStoreSettings, setOptions } from '../../store/options.ts';
import { getPreferences, setPreferences } from '../../store/preferences.ts';
import { getUserMeta, setUserMeta } from '../../store/user-meta.ts';
import type { User } from '../../store/users.ts';
import { registerEndpoint } from '../endpoint.ts';

/** Options readable over REST: the ones the pages write, and the store settings. */
const READABLE_OPTIONS = new Set<string>([...WRITABLE_OPTION_NAMES, ...STORE_SETTING_KEYS]);

export function storeRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, store.optionsGet, async ({ query }) => {
    const names = [...new Set(query.options.split(','))];
    const unknown = names.filter((name) => !READABLE_OPTIONS.has(name));
    if (unknown.length > 0) throw invalidParams({ options: `Unknown option(s): ${unknown.join(', ')}` });
    const values = await getOptions(db, names);
    return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, (v ?? null) as never]));
  });

  registerEndpoint(app, store.optionsUpdate, async ({ body }) => {
    await setOptions(db, body);
    return { success: true as const };
  });

  registerEndpoint(app, store.preferencesGet, async ({ user }) => getPreferences(db, user.id));

  registerEndpoint(app, store.preferencesUpdate, async ({ user, body }) => {
    await setPreferences(db, user.id, body);
    return getPreferences(db, user.id);
  });

  const currentUserView = async (user: User): Promise<store.TCurrentUser> => ({
    id: user.id,
    username: user.login,
    name: user.display_name,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    roles: [user.role],
    capabilities: { manage_woocommerce: roleHas(user.role, 'manage_woocommerce') },
    woocommerce_meta: await getUserMeta(db, user.id),
  });

  registerEndpoint(app, store.currentUser, async ({ user }) => currentUserView(user));

  // A user saves their own woocommerce_meta only, named `me` or by their own id.
  for (const endpoint of [store.updateCurrentUser, store.replaceCurrentUser]) {
    registerEndpoint(app, endpoint, async ({ user, params, body }) => {
      if (params.id !== 'me' && params.id !== user.id) throw appError('rest_cannot_edit');
      if (body.id !== undefined && body.id !== user.id) throw appError('rest_cannot_edit');
      await setUserMeta(db, user.id, body.woocommerce_meta);
      return currentUserView(user);
    });
  }

  registerEndpoint(app, store.storeSettingsGet, async () => getStoreSettings(db));

  registerEndpoint(app, store.storeSettingsUpdate, async ({ body }) => {
    await setOptions(db, body);
    return getStoreSettings(db);
  });

  registerEndpoint(app, store.trackEvent, async ({ user, body }) => {
    await db
      .insertInto('usage_events')
      .values({ user_id: user.id, name: body.name, properties: JSON.stringify(body.properties) })
      .execute();
    return { success: true as const };
  });
}
