import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, type LoggedProcess, spawnLogged } from './server-process.ts';

/** Where Debian and Ubuntu install PostgreSQL's programs, one folder per major version. */
const DEBIAN_POSTGRESQL = '/usr/lib/postgresql';

/** How long a start (or a crash recovery) may take before it counts as failed. */
const START_TIMEOUT_MS = 60_000;
/** How long to wait before starting again when the killed cluster's backends still hold its memory. */
const RESTART_PAUSE_MS = 100;

const READY_LINE = 'database system is ready to accept connections';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The newest installed PostgreSQL's program folder with `initdb` and `postgres`, if any. */
function postgresBinaries(): string | undefined {
  if (!existsSync(DEBIAN_POSTGRESQL)) return undefined;
  const versions = readdirSync(DEBIAN_POSTGRESQL)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  return versions
    .map((version) => join(DEBIAN_POSTGRESQL, version, 'bin'))
    .find((bin) => existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'postgres')));
}

/**
 * The user the cluster runs as: PostgreSQL refuses to run as root, so a root test process runs it
 * as the `postgres` account; anyone else runs it as themselves.
 */
function clusterUser(): { uid: number; gid: number } | undefined | 'none' {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) return 'none';
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Why a private cluster cannot be made on this machine, or undefined when it can. */
export function privateClusterUnavailable(): string | undefined {
  if (!postgresBinaries()) return `no PostgreSQL programs in ${DEBIAN_POSTGRESQL}/*/bin`;
  if (clusterUser() === 'none')
    return 'running as root and there is no postgres account to run PostgreSQL as';
  return undefined;
}

/**
 * A PostgreSQL cluster of a test's own: `initdb` into a temporary folder and `postgres` on a free
 * port of 127.0.0.1, so a test may kill it without touching the PostgreSQL other tests share.
 */
export class PrivateCluster {
  private postmaster: LoggedProcess | undefined;

  private constructor(
    private readonly bin: string,
    private readonly root: string,
    private readonly user: { uid: number; gid: number } | undefined,
    readonly port: number,
  ) {}

  /** Makes and starts a cluster; its superuser `postgres` signs in without a password. */
  static async create(): Promise<PrivateCluster> {
    const bin = postgresBinaries();
    const user = clusterUser();
    if (!bin || user === 'none') throw new Error(privateClusterUnavailable());
    const root = mkdtempSync(join(tmpdir(), 'paydesk-postgres-'));
    if (user) chownSync(root, user.uid, user.gid);
    const cluster = new PrivateCluster(bin, root, user, await freePort());
    const init = spawnSync(
      join(bin, 'initdb'),
      ['-D', cluster.dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      { encoding: 'utf8', cwd: root, env: cluster.env(), ...(user ?? {}) },
    );
    if (init.status !== 0) {
      rmSync(root, { recursive: true, force: true });
      throw new Error(`initdb failed: ${init.stderr}${init.stdout}`);
    }
    try {
      await cluster.start();
    } catch (error) {
      rmSync(root, { recursive: true, force: true });
      throw error;
    }
    return cluster;
  }

  get dataDir(): string {
    return join(this.root, 'data');
  }

  /** A URL of `database` on this cluster, as its superuser. */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** The postmaster's process id while it runs. */
  get pid(): number | undefined {
    return this.postmaster?.running ? this.postmaster.child.pid : undefined;
  }

  private env(): NodeJS.ProcessEnv {
    return { PATH: process.env.PATH, LANG: 'C', LC_ALL: 'C', TZ: 'UTC' };
  }

  /**
   * Starts the postmaster on the data folder (recovering it after a kill) and answers once it
   * accepts connections. The backends of a killed postmaster notice its death and exit on their
   * own; until they have, the new one refuses to start (their shared memory is still attached),
   * so it is started again after a pause.
   */
  async start(): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      const postmaster = spawnLogged(
        join(this.bin, 'postgres'),
        [
          '-D',
          this.dataDir,
          '-p',
          String(this.port),
          '-k',
          this.root,
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          'max_connections=40',
        ],
        { env: this.env(), cwd: this.root, ...(this.user ?? {}) },
      );
      try {
        await postmaster.waitForOutput(READY_LINE, Math.max(0, deadline - Date.now()));
        this.postmaster = postmaster;
        return;
      } catch (error) {
        await postmaster.stop('SIGKILL');
        if (Date.now() > deadline) throw new Error(`PostgreSQL did not start: ${(error as Error).message}`);
        await sleep(RESTART_PAUSE_MS);
      }
    }
  }

  /** SIGKILL to the postmaster, as a crash would end it; its backends then exit by themselves. */
  async kill(): Promise<void> {
    const postmaster = this.postmaster;
    this.postmaster = undefined;
    await postmaster?.stop('SIGKILL');
  }

  /** Stops the cluster (a fast shutdown) and removes its folder. */
  async dispose(): Promise<void> {
    const postmaster = this.postmaster;
    this.postmaster = undefined;
    await postmaster?.stop('SIGINT');
    rmSync(this.root, { recursive: true, force: true });
  }
}
