import { useSyncExternalStore } from 'react';

export const ADMIN_PATH = '/wp-admin/admin.php';
export const DEFAULT_PATH = '/payments/overview';

export type QueryValues = Record<string, string | number | undefined | null>;

/** The URL of an admin page: `page=wc-admin`, the route's `path`, then its own query. */
export function getAdminUrl(path: string, query: QueryValues = {}): string {
  const search = new URLSearchParams({ page: 'wc-admin', path });
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '' && key !== 'page' && key !== 'path') {
      search.set(key, String(value));
    }
  }
  return `${ADMIN_PATH}?${search.toString().replaceAll('%2F', '/')}`;
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
window.addEventListener('popstate', notify);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSearch = () => window.location.search;

/** The current query string; pages re-render when navigation changes it. */
export function useSearch(): URLSearchParams {
  const search = useSyncExternalStore(subscribe, getSearch);
  return new URLSearchParams(search);
}

/** The current query as a plain object, without `page`. */
export function useQueryValues(): Record<string, string> {
  const search = useSearch();
  const values: Record<string, string> = {};
  for (const [key, value] of search) if (key !== 'page') values[key] = value;
  return values;
}

/** Asks whether the admin may leave the current page; false keeps the person where they are. */
let leaveGuard: (() => boolean) | null = null;

/** A page with unsaved changes installs a guard; it is asked before every move to another page. */
export function setLeaveGuard(guard: (() => boolean) | null): void {
  leaveGuard = guard;
}

export function navigate(url: string, options: { replace?: boolean } = {}): void {
  if (leaveGuard && !leaveGuard()) return;
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.scrollTo(0, 0);
  notify();
}

/** Changes the current page's query (keeping `path`), as list filters and tabs do. */
export function updateQuery(changes: QueryValues, options: { replace?: boolean } = {}): void {
  const current = Object.fromEntries(new URLSearchParams(window.location.search));
  const path = current.path ?? DEFAULT_PATH;
  navigate(getAdminUrl(path, { ...current, ...changes }), options);
}
