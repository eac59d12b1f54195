import { files } from '@paydesk/domain/contracts';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { withNonce } from './download.ts';
import { filePreviewUrl } from './files.ts';

const ORIGIN = 'https://shop.example.test';

beforeAll(() => {
  // The admin page as the server writes it: its address and the bootstrap data with the nonce.
  vi.stubGlobal('window', { location: { origin: ORIGIN } });
  vi.stubGlobal('document', {
    getElementById: (id: string) =>
      id === 'paydesk-bootstrap' ? { textContent: JSON.stringify({ page: { nonce: 'n0nce' } }) } : null,
  });
});
afterAll(() => vi.unstubAllGlobals());

it("adds the session's nonce to a same-origin address, keeping its query", () => {
  expect(withNonce('/wp-json/wc/v3/payments/documents/doc_1')).toBe(
    `${ORIGIN}/wp-json/wc/v3/payments/documents/doc_1?_wpnonce=n0nce`,
  );
  expect(withNonce('/wp-json/x?force_download=true')).toBe(
    `${ORIGIN}/wp-json/x?force_download=true&_wpnonce=n0nce`,
  );
});

it('leaves a nonce already there, and never sends it to another origin', () => {
  expect(withNonce('/wp-json/x?_wpnonce=given')).toBe(`${ORIGIN}/wp-json/x?_wpnonce=given`);
  expect(withNonce('https://elsewhere.test/file')).toBe('https://elsewhere.test/file');
});

it("points an image's preview at GET {base}/file/{id} with the nonce", () => {
  expect(files.getFile.path).toBe('/wp-json/wc/v3/payments/file/:id');
  expect(filePreviewUrl('file_Abc123')).toBe(
    `${ORIGIN}/wp-json/wc/v3/payments/file/file_Abc123?_wpnonce=n0nce`,
  );
});
