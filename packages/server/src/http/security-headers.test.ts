import { PAYMENTS_BASE } from '@paydesk/domain/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { testApi } from '../testing/api.ts';
import { describeEachDatabase } from '../testing/db.ts';

/** The directives of a Content-Security-Policy header, by name. */
function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describeEachDatabase('security headers', (use) => {
  const api = testApi(use, { web: true });
  let cookie: string;
  beforeAll(async () => {
    ({ cookie } = await api.signIn());
  });

  const pages = () =>
    [
      ['the sign-in page', { url: '/wp-login.php' }],
      [
        'an admin page',
        { url: '/wp-admin/admin.php?page=wc-admin&path=/payments/overview', headers: { cookie } },
      ],
      [
        'a REST answer',
        { url: `${PAYMENTS_BASE}/deposits/summary`, headers: { authorization: api.admin.basic } },
      ],
      ['a REST refusal', { url: `${PAYMENTS_BASE}/deposits/summary` }],
      ['the store preview', { url: '/store/' }],
      ['a page that does not exist', { url: '/no/such/page' }],
    ] as const;

  it('forbid inline and foreign scripts on every kind of answer', async () => {
    for (const [name, request] of pages()) {
      const res = await api.app.inject({ method: 'GET', ...request });
      const csp = directives(res);
      const scripts = csp.get('script-src') ?? csp.get('default-src');
      expect(scripts, name).toEqual(["'self'"]);
      expect(csp.get('default-src'), name).toEqual(["'self'"]);
      expect(csp.get('object-src'), name).toEqual(["'none'"]);
    }
  });

  it('stop content sniffing, and let only the same site frame a page (so the admin can show the store preview)', async () => {
    for (const [name, request] of pages()) {
      const res = await api.app.inject({ method: 'GET', ...request });
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['x-frame-options'], name).toBe('SAMEORIGIN');
      expect(directives(res).get('frame-ancestors'), name).toEqual(["'self'"]);
    }
  });

  it('keep answers that depend on the caller out of shared caches', async () => {
    const res = await api.get(`${PAYMENTS_BASE}/deposits/summary`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers.vary)).toMatch(/authorization/i);
    expect(String(res.headers.vary)).toMatch(/cookie/i);
  });
});
