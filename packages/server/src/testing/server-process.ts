import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { REPO_ROOT } from './process.ts';

/** A TCP port on 127.0.0.1 that nothing listens on (until something else takes it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** What main.ts prints once the server listens. */
export const RUNNING_LINE = 'Paydesk is running at';

/** How long a server may take to say it is running before the start counts as failed. */
const START_TIMEOUT_MS = 60_000;

/** How much of a process's output `log` keeps. */
const LOG_TAIL_CHARS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A process of its own (`node <args>` from the repository root), with the end of what it printed
 * kept for a failing test to show. Paydesk servers start with `startServer`; other programs a
 * test runs beside them (a database) with `spawnLogged`.
 */
export class LoggedProcess {
  private printed = '';

  constructor(readonly child: ChildProcess) {
    const keep = (chunk: Buffer) => {
      this.printed = (this.printed + chunk.toString()).slice(-LOG_TAIL_CHARS);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  /** The last LOG_TAIL_CHARS of its output. */
  get log(): string {
    return this.printed;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /**
   * Waits until its output contains `line`; throws with the output when it exits first or
   * `timeout_ms` passes.
   */
  async waitForOutput(line: string, timeout_ms: number): Promise<void> {
    const deadline = Date.now() + timeout_ms;
    while (!this.printed.includes(line)) {
      if (!this.running)
        throw new Error(`exited with ${this.exitStatus()} before "${line}":\n${this.printed}`);
      if (Date.now() > deadline)
        throw new Error(`did not print "${line}" within ${timeout_ms} ms:\n${this.printed}`);
      await sleep(20);
    }
  }

  exitStatus(): string {
    return this.child.signalCode ?? String(this.child.exitCode);
  }

  /** Sends `signal` (SIGTERM unless told) and waits until the process has exited. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.running) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill(signal);
    await exited;
  }
}

/** Starts `command args` with its output piped; `uid`/`gid` run it as another user (as root). */
export function spawnLogged(
  command: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string; uid?: number; gid?: number },
): LoggedProcess {
  return new LoggedProcess(
    spawn(command, args, {
      cwd: options.cwd ?? REPO_ROOT,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.uid === undefined ? {} : { uid: options.uid }),
      ...(options.gid === undefined ? {} : { gid: options.gid }),
    }),
  );
}

/**
 * Starts a Paydesk server: `node <args>` (the compiled `dist/main.mjs`, or `--import tsx` and the
 * sources) with `env` (PORT, HOST, DATA_DIR or DATABASE_URL, …), and answers once it says it is
 * running; throws with what it printed when it exits first or takes longer than a minute.
 */
export async function startServer(args: readonly string[], env: NodeJS.ProcessEnv): Promise<LoggedProcess> {
  const server = spawnLogged(process.execPath, args, { env });
  try {
    await server.waitForOutput(RUNNING_LINE, START_TIMEOUT_MS);
  } catch (error) {
    await server.stop('SIGKILL');
    throw new Error(`the server did not start: ${(error as Error).message}`);
  }
  return server;
}

/**
 * Requests `url` until it answers 200, and answers how many milliseconds that took; throws when
 * `server` exits meanwhile or `timeout_ms` passes. Refused and cut connections count as not yet.
 */
export async function untilAnswered(
  url: string,
  headers: Record<string, string>,
  server: LoggedProcess,
  timeout_ms = 60_000,
): Promise<number> {
  const began = Date.now();
  for (;;) {
    if (!server.running) throw new Error(`the server exited with ${server.exitStatus()}:\n${server.log}`);
    try {
      const answer = await fetch(url, { headers, signal: AbortSignal.timeout(5_000) });
      await answer.arrayBuffer();
      if (answer.status === 200) return Date.now() - began;
    } catch {
      // Not listening, or the connection was cut: not answered yet.
    }
    if (Date.now() - began > timeout_ms) {
      throw new Error(`${url} was not answered within ${timeout_ms} ms:\n${server.log}`);
    }
    await sleep(50);
  }
}
