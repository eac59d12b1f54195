/**
 * The seeder's progress on a terminal: one line rewritten in place (percent, rows, rows/s, ETA),
 * or, when the stream is not a terminal (a log file, CI), a plain line every few seconds.
 */

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** How often a non-terminal gets a line, and how often a terminal's line is redrawn. */
const PLAIN_INTERVAL_MS = 5_000;
const TTY_INTERVAL_MS = 200;

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '--';
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h}h${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m${String(s).padStart(2, '0')}s`;
  return `${s}s`;
}

const BAR_WIDTH = 24;

export function progressLine(done: number, total: number, elapsed_ms: number, tty: boolean): string {
  const fraction = total > 0 ? Math.min(1, done / total) : 1;
  const rate = elapsed_ms > 0 ? (done * 1000) / elapsed_ms : 0;
  const eta_ms = rate > 0 ? ((total - done) * 1000) / rate : Number.NaN;
  const percent = `${(fraction * 100).toFixed(0).padStart(3)}%`;
  const filled = Math.round(fraction * BAR_WIDTH);
  const bar = tty ? `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ` : '';
  const rows = `${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} rows`;
  return `Seeding ${bar}${percent} ${rows}  ${Math.round(rate).toLocaleString('en-US')} rows/s  ETA ${done >= total ? '0s' : formatDuration(eta_ms)}`;
}

export interface Progress {
  update(done: number): void;
  finish(done: number): void;
}

export function progressBar(
  stream: ProgressStream,
  total: number,
  clock: () => number = () => performance.now(),
): Progress {
  const tty = stream.isTTY === true;
  const started = clock();
  let last = Number.NEGATIVE_INFINITY;
  const draw = (done: number) => {
    const line = progressLine(done, total, clock() - started, tty);
    // \r returns to the line's start and \x1b[K clears what a longer earlier line left behind.
    stream.write(tty ? `\r${line}\x1b[K` : `${line}\n`);
  };
  return {
    update(done) {
      const now = clock();
      if (now - last < (tty ? TTY_INTERVAL_MS : PLAIN_INTERVAL_MS)) return;
      last = now;
      draw(done);
    },
    finish(done) {
      draw(done);
      if (tty) stream.write('\n');
    },
  };
}
