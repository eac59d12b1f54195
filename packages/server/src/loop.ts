/**
 * A task the server runs over and over in the background (the job worker, the housekeeping, the
 * embedded database's upkeep): `first_ms` after it starts, then `interval_ms` after each pass
 * ends, never two passes at once. `wake` runs a pass now, or once more right after the pass in
 * progress; `stop` starts no more and waits for the pass in progress. A pass that fails is
 * handed to `onError` and the loop goes on. Its timer keeps the process alive only when
 * `holdsProcess` is set (a worker, whose loop is what it is for).
 */
export interface Loop {
  wake: () => void;
  stop: () => Promise<void>;
}

export function startLoop(
  pass: () => Promise<unknown>,
  options: {
    interval_ms: number;
    first_ms?: number;
    onError?: ((error: unknown) => void) | undefined;
    holdsProcess?: boolean;
  },
): Loop {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    timer = setTimeout(run, ms);
    if (!options.holdsProcess) timer.unref();
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = pass()
      .then(
        () => undefined,
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(run);
        } else schedule(options.interval_ms);
      });
  };
  schedule(options.first_ms ?? options.interval_ms);
  return {
    wake: run,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
