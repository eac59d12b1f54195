import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { startUpkeep } from './db/upkeep.ts';
import { JOB_HANDLERS } from './engine/context.ts';
import { startHousekeeping } from './engine/housekeeping.ts';
import { jobWakeup } from './engine/job-wakeup.ts';
import { startJobWorker } from './engine/jobs.ts';
import { restoreDeferredIndexes } from './engine/seed/bulk-load.ts';
import { requestIdleness } from './http/activity.ts';
import { buildApp, DEFAULT_WEB_DIST } from './http/app.ts';
import { describeDatabase, openConfiguredDatabase } from './runtime.ts';
import { ensureAdminUser } from './store/users.ts';
import { releaseYoungGeneration } from './young-generation.ts';

/** A start refused for a reason the operator can fix: said in one line, without a stack. */
class StartError extends Error {}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.role === 'worker') return runWorkerOnly(config);
  const webDist = config.webDist ?? DEFAULT_WEB_DIST;
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new StartError(
      `The admin app is not built in ${webDist}. Run "npm run build" (npm start does this for you).`,
    );
  }
  // Buffers sized by the store's data: an empty store starts in far less memory.
  const database = await openConfiguredDatabase(config, { sizeBuffers: true });
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: Awaited<ReturnType<typeof ensureAdminUser>> | undefined;
  try {
    // A seed run cut off midway leaves the lists' indexes dropped; serve nothing without them.
    const rebuilt = await restoreDeferredIndexes(database.db);
    if (rebuilt.length > 0) {
      process.stdout.write(
        `Built ${rebuilt.length} indexes again that an interrupted seed run had dropped.\n`,
      );
    }
    admin = await ensureAdminUser(database.db, config.adminPassword);
    app = await buildApp({
      database,
      webDist,
      logger: { level: config.logLevel },
      trustProxy: config.trustProxy,
      serverLimits: config.serverLimits,
    });
  } catch (error) {
    // Close cleanly so the embedded database is not left to crash recovery.
    await database.close();
    showCredentials(admin);
    throw error;
  }
  try {
    await app.listen({ port: config.port, host: config.host, backlog: config.serverLimits.listenBacklog });
  } catch (error) {
    await app.close();
    await database.close();
    showCredentials(admin);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new StartError(
        `Port ${config.port} is already in use. Stop what uses it, or set PORT to another port.`,
      );
    }
    throw error;
  }
  const stopWork =
    config.role === 'all'
      ? await startWork(database, (failed, error) => app.log.error({ err: error }, failed))
      : async () => {};
  // The embedded database's vacuum and analyze, between requests (PostgreSQL's autovacuum
  // does this on a server).
  const stopUpkeep = startUpkeep(database.db, {
    idleMs: requestIdleness(app.server),
    onStep: (step, ms) => app.log.debug({ upkeep: step, ms: Math.round(ms) }, 'database upkeep'),
    onError: (error) => app.log.error({ err: error }, 'database upkeep failed'),
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await stopUpkeep();
    await stopWork();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    `Paydesk is running at http://localhost:${port}/ (${describeDatabase(config)})${config.role === 'web' ? ', web only: jobs run in a worker process' : ''}`,
    ...adminLines(admin),
  ];
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
  releaseYoungGeneration();
}

/**
 * What a process that runs jobs runs (`PAYDESK_ROLE=all` or `worker`): the job queue, and the
 * housekeeping of what the store keeps for a while. Answers a function that stops both.
 */
async function startWork(
  database: Awaited<ReturnType<typeof openConfiguredDatabase>>,
  onError: (failed: 'job worker failed' | 'housekeeping failed', error: unknown) => void,
): Promise<() => Promise<void>> {
  const stopJobs = await startJobWorker(database.db, JOB_HANDLERS, {
    wakeup: jobWakeup(database),
    onError: (error) => onError('job worker failed', error),
  });
  const stopHousekeeping = startHousekeeping(database.db, {
    onError: (error) => onError('housekeeping failed', error),
  });
  return async () => {
    await stopHousekeeping();
    await stopJobs();
  };
}

/** PAYDESK_ROLE=worker: the job worker alone, beside web processes on one PostgreSQL. */
async function runWorkerOnly(config: ReturnType<typeof loadConfig>): Promise<void> {
  const database = await openConfiguredDatabase(config);
  const log = (message: string) => {
    if (config.logLevel !== 'silent') process.stderr.write(`${message}\n`);
  };
  const stopWork = await startWork(database, (failed, error) =>
    log(`${failed}: ${error instanceof Error ? error.message : String(error)}`),
  );
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await stopWork();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  process.stdout.write(`\nPaydesk worker is running (${describeDatabase(config)})\n\n`);
  releaseYoungGeneration();
}

/** On a failed start: the account exists now, and its one-time password must not be lost. */
function showCredentials(admin: Awaited<ReturnType<typeof ensureAdminUser>> | undefined): void {
  const lines = adminLines(admin);
  if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`);
}

/** What to tell the operator about the administrator account made by this start, if any. */
function adminLines(admin: Awaited<ReturnType<typeof ensureAdminUser>> | undefined): string[] {
  if (!admin) return [];
  if (admin.created && admin.generatedPassword) {
    return [
      'Created the administrator account. Sign in with:',
      '  username: admin',
      `  password: ${admin.generatedPassword}`,
      'This password is shown once. Change it with: npm run cli -- user:password --login admin',
    ];
  }
  if (admin.created)
    return ['Created the administrator account "admin" with the password from ADMIN_PASSWORD.'];
  return [];
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof StartError) {
    process.stderr.write(`\n${error.message}\n\n`);
    process.exit(1);
  }
  process.stderr.write(
    `\nPaydesk could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
