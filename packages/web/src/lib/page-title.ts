import { useEffect, useSyncExternalStore } from 'react';

/**
 * A part of the page's document title that the page itself knows (which tab is open), shown
 * before the route's title so that each view of a page has a title of its own.
 */
let detail: string | null = null;
const listeners = new Set<() => void>();

function setDetail(next: string | null) {
  if (next === detail) return;
  detail = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Names the view the page shows while it is mounted. */
export function usePageTitleDetail(text: string | null): void {
  useEffect(() => {
    setDetail(text);
    return () => setDetail(null);
  }, [text]);
}

/** The current view's name, for the shell that writes the document title. */
export function usePageTitleDetailValue(): string | null {
  return useSyncExternalStore(subscribe, () => detail);
}

/** The document title: the view, the page, the site. */
export function documentTitle(view: string | null, page: string, site: string): string {
  return `${view ? `${view} ‹ ` : ''}${page} ‹ ${site} — Paydesk`;
}
