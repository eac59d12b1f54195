import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { makeMigratedTemplate } from '../packages/server/src/testing/migrated-folder.ts';
import { serverBundleOptions } from '../scripts/build-lib.mjs';
import { CHROMIUM_PATH } from './chromium.ts';
import { CLI_HOST_BUNDLE, OwnServer } from './own-server.ts';

export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
export const E2E_CUSTOMER_PASSWORD = 'e2e-customer-password';

/** The shared server, which every file without a server of its own uses. */
const server = new OwnServer('shared', E2E_ADMIN_PASSWORD);
/** The migrated data folder every server's starts as a copy of (`makeMigratedTemplate`). */
let template = '';

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
  await bundleCliHost();
  template = await makeMigratedTemplate();
  // A user without the capability, made with the CLI before the server holds the data folder.
  await server.cli(
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

/**
 * Bundles the CLI host (cli-host.ts) as `npm run build` bundles the CLI: the domain package inlined,
 * the server's npm dependencies left to node_modules.
 */
async function bundleCliHost(): Promise<void> {
  await build({
    ...serverBundleOptions(),
    entryPoints: [join(import.meta.dirname, 'cli-host.ts')],
    outfile: CLI_HOST_BUNDLE,
  });
}

export async function teardown(): Promise<void> {
  await server.dispose();
  if (template) rmSync(template, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
