import { expect, it } from 'vitest';
import { adminPageUrl } from './admin-urls.ts';

it('builds an admin page address form-encoded, page and path first', () => {
  expect(adminPageUrl('/payments/overview')).toBe(
    '/wp-admin/admin.php?page=wc-admin&path=%2Fpayments%2Foverview',
  );
  expect(adminPageUrl('/payments/connect', { 'wcpay-connect': '1', _wpnonce: 'ab12' })).toBe(
    '/wp-admin/admin.php?page=wc-admin&path=%2Fpayments%2Fconnect&wcpay-connect=1&_wpnonce=ab12',
  );
  // As URLSearchParams writes them: a space is '+', and !'()~ are escaped too.
  expect(adminPageUrl('/x', { q: "a b!'()~*&=" })).toBe(
    '/wp-admin/admin.php?page=wc-admin&path=%2Fx&q=a+b%21%27%28%29%7E*%26%3D',
  );
});
