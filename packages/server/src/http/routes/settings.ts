import { settings } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { clockNow } from '../../engine/clock.ts';
import { readSettings, saveSettings } from '../../engine/settings/settings.ts';
import { registerEndpoint } from '../endpoint.ts';

/** `GET` and `POST {base}/settings`: the payments settings object (docs/settings.md). */
export function settingsRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, settings.getSettings, async () => readSettings(db));
  registerEndpoint(app, settings.updateSettings, async ({ body }) => {
    const saved = await saveSettings(db, body, await clockNow(db));
    return { ...saved, data: { payment_method_statuses: saved.payment_method_statuses } };
  });
}
