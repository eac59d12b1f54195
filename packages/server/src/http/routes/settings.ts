import { settings } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { clockNow } from '../../engine/clock.ts';
import { readSettings, saveSettings } from '../../engine/settings/settings.ts';
import { registerEndpoint } from '../endpoint.ts';

/** `GET` and `POST {base}/settings`: the settings object of spec 3 §3. */
export function settingsRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, settings.getSettings, async () => readSettings(db));
  registerEndpoint(app, settings.updateSettings, async ({ body }) =>
    saveSettings(db, body, await clockNow(db)),
  );
}
