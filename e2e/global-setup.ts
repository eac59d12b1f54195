import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './chromium.ts';
import { OwnServer } from './own-server.ts';

export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
export const E2E_CUSTOMER_PASSWORD = 'e2e-customer-password';

/** The shared server, which every file without a server of its own uses. */
const server = new OwnServer('shared', E2E_ADMIN_PASSWORD);

/** Starts the built app on a fresh embedded database for the browser tests. */
export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    // CI installs Chromium first (.ci/run), so there a missing browser is a failure, not a skip.
    if (process.env.CI) throw new Error(`No Chromium at ${CHROMIUM_PATH}: the browser tests cannot run.`);
    console.warn(
      `\nBrowser tests skipped: no Chromium at ${CHROMIUM_PATH}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.\n`,
    );
    project.provide('baseUrl', '');
    return;
  }
  // A user without the capability, made with the CLI before the server holds the data folder.
  server.cli(
    'user:create',
    '--login',
    'shopper',
    '--email',
    'shopper@example.test',
    '--role',
    'customer',
    '--password',
    E2E_CUSTOMER_PASSWORD,
  );
  await server.start();
  project.provide('baseUrl', server.origin);
  project.provide('dataDir', server.dataDir);
}

export async function teardown(): Promise<void> {
  await server.dispose();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
