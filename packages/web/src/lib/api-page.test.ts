import { inbox } from '@paydesk/domain/contracts';
import { afterEach, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import { apiFetchPage } from './api-page.ts';

vi.mock('./bootstrap.ts', () => ({ getPage: () => ({ nonce: 'nonce-1' }) }));

afterEach(() => vi.unstubAllGlobals());

const answer = (body: unknown, headers: Record<string, string>, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers }));

it('answers a bare-array page with the totals from X-WP-Total and X-WP-TotalPages', async () => {
  const fetch = answer([{ id: 1 }], { 'X-WP-Total': '12', 'X-WP-TotalPages': '3' });
  vi.stubGlobal('fetch', fetch);
  const page = await apiFetchPage(inbox.notesList, {
    query: { page: 2, per_page: 5, type: ['info', 'update'], status: ['unactioned'] },
  });
  expect(page).toEqual({ data: [{ id: 1 }], total: 12, totalPages: 3 });
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe(
    '/wp-json/wc-analytics/admin/notes?page=2&per_page=5&type%5B%5D=info&type%5B%5D=update&status%5B%5D=unactioned',
  );
  expect((init.headers as Record<string, string>)['X-WP-Nonce']).toBe('nonce-1');
});

it('reads missing or malformed totals as zero', async () => {
  vi.stubGlobal('fetch', answer([], { 'X-WP-Total': 'many' }));
  expect(await apiFetchPage(inbox.notesList)).toEqual({ data: [], total: 0, totalPages: 0 });
});

it('throws the server error of a failed page', async () => {
  vi.stubGlobal(
    'fetch',
    answer(
      { code: 'rest_invalid_param', message: 'Invalid parameter(s): type', data: { status: 400 } },
      {},
      400,
    ),
  );
  await expect(apiFetchPage(inbox.notesList)).rejects.toBeInstanceOf(ApiError);
});
