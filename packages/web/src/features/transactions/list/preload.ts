import { hashKey, type QueryKey } from '@tanstack/react-query';

/**
 * Requests a page starts before React shows it. The page's code is loaded while the app shell
 * is still showing its loading indicator, so asking for the rows then, instead of after the
 * first render, lets them arrive together with the page. A list's query takes the answer it
 * finds here under its own key, once; one not taken within a few seconds is dropped (the
 * merchant went elsewhere), and the list asks again if it ever needs it.
 */

const PRELOAD_TTL_MS = 5_000;
const pending = new Map<string, { answer: Promise<unknown>; at: number }>();

export interface Preloadable<T> {
  queryKey: QueryKey;
  fetch: (signal?: AbortSignal) => Promise<T>;
}

export function preload<T>(request: Preloadable<T>): void {
  const answer = request.fetch();
  // The list that takes the answer reports its failure; one nobody takes has nobody to tell.
  answer.catch(() => undefined);
  pending.set(hashKey(request.queryKey), { answer, at: Date.now() });
}

/** The preloaded answer for a key, at most once, or undefined. */
export function takePreloaded<T>(queryKey: QueryKey): Promise<T> | undefined {
  const hash = hashKey(queryKey);
  const entry = pending.get(hash);
  pending.delete(hash);
  return entry && Date.now() - entry.at < PRELOAD_TTL_MS ? (entry.answer as Promise<T>) : undefined;
}

/** Query options that use a preloaded answer when there is one. */
export function preloadedQuery<T>(request: Preloadable<T>) {
  return {
    queryKey: request.queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      takePreloaded<T>(request.queryKey) ?? request.fetch(signal),
  };
}
