/**
 * Something loaded the first time it is needed rather than when the server starts (a module that
 * only some requests use, whose code costs start time and memory: docs/performance.md). Answers a
 * function that starts the load on its first call and gives every call the same promise; a load
 * that failed is started again by the next call instead of failing every call after it.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}
