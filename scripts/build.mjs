// `npm run build`: the admin app (Vite, with its first-load budget) and the server bundle, each
// built aside and swapped in (scripts/build-lib.mjs). `--if-stale` builds only what is missing
// or older than its sources.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { build } from 'esbuild';
import { buildInto, isStale, ROOT, serverBundleOptions, withBuildLock } from './build-lib.mjs';

const ifStale = process.argv.includes('--if-stale');
const DOMAIN = ['packages/domain/src', 'packages/domain/package.json'];

function run(command, args, cwd = ROOT) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function buildWeb() {
  await buildInto('packages/web/dist', async (outDir) => {
    run(
      'npx',
      ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      join(ROOT, 'packages/web'),
    );
    run(process.execPath, [join(ROOT, 'packages/web/scripts/budget.mjs'), outDir]);
  });
}

/**
 * `entry.ts`'s import of the server, left to the file the server is built into: the entry must
 * run before the server's dependencies are loaded, which a bundle would import first.
 */
const serverBesideEntry = {
  name: 'server-beside-entry',
  setup(build) {
    build.onResolve({ filter: /^\.\/main\.ts$/ }, () => ({ path: './server.mjs', external: true }));
  },
};

/**
 * The server and the command line as ES modules with the domain package inlined and every npm
 * dependency left to node_modules: production runs plain JavaScript, no TypeScript loader.
 * `main.mjs` is the small entry (`entry.ts`) that runs `server.mjs` (`main.ts`).
 */
async function buildServer() {
  const options = serverBundleOptions();
  await buildInto('packages/server/dist', async (outdir) => {
    await build({
      ...options,
      entryPoints: { main: join(ROOT, 'packages/server/src/entry.ts') },
      outdir,
      plugins: [serverBesideEntry],
      outExtension: { '.js': '.mjs' },
    });
    await build({
      ...options,
      entryPoints: {
        server: join(ROOT, 'packages/server/src/main.ts'),
        cli: join(ROOT, 'packages/server/src/cli/bin.ts'),
      },
      outdir,
      outExtension: { '.js': '.mjs' },
    });
  });
}

await withBuildLock(async () => {
  const web =
    !ifStale ||
    isStale('packages/web/dist/index.html', ['packages/web/src', 'packages/web/index.html', ...DOMAIN]);
  const server = !ifStale || isStale('packages/server/dist/main.mjs', ['packages/server/src', ...DOMAIN]);
  if (web) {
    if (ifStale) console.log('Building the admin app…');
    await buildWeb();
  }
  if (server) {
    if (ifStale) console.log('Building the server…');
    await buildServer();
  }
});
