import { sandbox } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { advanceSandboxClock } from '../../engine/sandbox-clock.ts';
import { registerEndpoint } from '../endpoint.ts';

/** Sandbox tools: moving the sandbox clock, the same function as the CLI's `clock:advance`. */
export function sandboxRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, sandbox.advanceClock, async ({ body }) => {
    const report = await advanceSandboxClock(db, body);
    return {
      now: report.now.getTime(),
      jobs_run: [...report.ran.values()].reduce((sum, count) => sum + count, 0),
    };
  });
}
