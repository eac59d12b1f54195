import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist, makeTestApp, makeUser, signIn, type TestUser } from '../testing/app.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { OVERVIEW_URL, safeRedirect } from './redirect.ts';

/**
 * Open redirects (docs/reliability.md, "Hostile content"): every way of writing another site
 * into `redirect_to` — absolute and protocol-relative URLs, backslashes, percent- and
 * entity-encoded slashes, script and data URLs, whitespace and control characters before or
 * inside — is refused (the Overview instead) or kept as a path of this site. What counts is
 * where a browser goes: the answer's Location is resolved with the WHATWG URL parser, the one
 * browsers use, and must stay on this origin; so must any redirect the server gives for that
 * path in turn.
 */

const ORIGIN = 'http://paydesk.test';

/** [target, what the sign-in sends the visitor to: the Overview, or the target kept as a path] */
const TARGETS: [string, 'overview' | 'kept'][] = [
  ['https://evil.test', 'overview'],
  ['http://evil.test/wp-admin/', 'overview'],
  ['HTTPS://EVIL.TEST', 'overview'],
  ['//evil.test', 'overview'],
  ['///evil.test', 'overview'],
  ['////evil.test/', 'overview'],
  ['/\\evil.test', 'overview'],
  ['\\\\evil.test', 'overview'],
  ['\\/evil.test', 'overview'],
  ['/\\/evil.test', 'overview'],
  ['https:evil.test', 'overview'],
  ['http:/evil.test', 'overview'],
  ['https:/\\evil.test', 'overview'],
  ['evil.test', 'overview'],
  ['evil.test/wp-admin/', 'overview'],
  ['@evil.test', 'overview'],
  ['http://paydesk.test@evil.test/', 'overview'],
  ['javascript:alert(1)', 'overview'],
  ['JaVaScRiPt:alert(1)', 'overview'],
  ['javascript://%0aalert(1)', 'overview'],
  ['data:text/html,<script>alert(1)</script>', 'overview'],
  ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'overview'],
  ['vbscript:msgbox(1)', 'overview'],
  ['%2F%2Fevil.test', 'overview'],
  ['%2f%5cevil.test', 'overview'],
  ['&#47;&#47;evil.test', 'overview'],
  ['\uff0f\uff0fevil.test', 'overview'],
  [' //evil.test', 'overview'],
  ['\t//evil.test', 'overview'],
  ['\n//evil.test', 'overview'],
  ['\u000b//evil.test', 'overview'],
  ['\u001f//evil.test', 'overview'],
  ['\u00a0//evil.test', 'overview'],
  ['\ufeff//evil.test', 'overview'],
  ['/\t/evil.test', 'overview'],
  ['/\n/evil.test', 'overview'],
  ['/\r\n/evil.test', 'overview'],
  ['/\t\\evil.test', 'overview'],
  ['/\u0008/evil.test', 'overview'],
  ['/\u007f/evil.test', 'overview'],
  ['', 'overview'],
  // Paths of this site, however odd: percent-encoded slashes are not slashes in a path, and
  // dot segments only climb to the root of this origin.
  ['/%2F%2Fevil.test', 'kept'],
  ['/%5Cevil.test', 'kept'],
  ['/%09/evil.test', 'kept'],
  ['/..//evil.test', 'kept'],
  ['/.//evil.test', 'kept'],
  ['/wp-admin/..//evil.test', 'kept'],
  ['/\uff0fevil.test', 'kept'],
  ['/\u3000/evil.test', 'kept'],
  ['/ /evil.test', 'kept'],
  ['/wp-admin/admin.php?page=wc-admin&path=/payments/deposits&r=https://evil.test', 'kept'],
];

/** Where a browser goes for a Location header sent by this origin. */
const followed = (location: string) => new URL(location, ORIGIN);

describe('safeRedirect', () => {
  it.each(TARGETS)('keeps %j on this site (%s)', (target, outcome) => {
    const location = safeRedirect(target);
    expect(followed(location).origin).toBe(ORIGIN);
    if (outcome === 'overview') expect(location).toBe(OVERVIEW_URL);
    else {
      expect(location).not.toBe(OVERVIEW_URL);
      // Kept: the browser reads the same address as it would the target itself.
      expect(followed(location).href).toBe(followed(target).href);
    }
  });

  it('refuses what is not text, or is too long to be a page of ours', () => {
    for (const target of [undefined, null, 42, ['/wp-admin/'], { toString: () => '//evil.test' }])
      expect(safeRedirect(target)).toBe(OVERVIEW_URL);
    expect(safeRedirect(`/${'a'.repeat(1999)}`)).toBe(`/${'a'.repeat(1999)}`);
    expect(safeRedirect(`/${'a'.repeat(2000)}`)).toBe(OVERVIEW_URL);
  });
});

describeEachDatabase('redirect_to after sign-in', (use) => {
  let app: FastifyInstance;
  let admin: TestUser;
  let cookie: string;
  beforeAll(async () => {
    app = await makeTestApp(use(), fakeWebDist());
    admin = await makeUser(use(), 'administrator');
    cookie = (await signIn(app, admin)).cookie;
  });
  afterAll(() => app.close());

  /** Follows redirects on this server as a browser would, answering every URL it went to. */
  async function visit(location: string): Promise<URL[]> {
    const visited = [followed(location)];
    for (let hop = 0; hop < 5; hop++) {
      const at = visited.at(-1)!;
      if (at.origin !== ORIGIN) break;
      const res = await app.inject({ method: 'GET', url: `${at.pathname}${at.search}`, headers: { cookie } });
      if (res.statusCode < 300 || res.statusCode >= 400) break;
      visited.push(new URL(String(res.headers.location), at));
    }
    return visited;
  }

  it('sends a visitor signing in, or already signed in, nowhere but this site', async () => {
    const offsite: string[] = [];
    for (const [target] of TARGETS) {
      const posted = await app.inject({
        method: 'POST',
        url: '/wp-login.php',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          log: admin.login,
          pwd: admin.password,
          redirect_to: target,
        }).toString(),
        remoteAddress: '10.7.0.1',
      });
      const signedIn = await app.inject({
        method: 'GET',
        url: `/wp-login.php?redirect_to=${encodeURIComponent(target)}`,
        headers: { cookie },
      });
      for (const res of [posted, signedIn]) {
        expect(res.statusCode, JSON.stringify(target)).toBe(302);
        const hops = await visit(String(res.headers.location));
        if (hops.some((url) => url.origin !== ORIGIN))
          offsite.push(`${JSON.stringify(target)} → ${hops.map(String).join(' → ')}`);
      }
    }
    expect(offsite).toEqual([]);
  });

  it('carries only a safe target in the sign-in form', async () => {
    for (const [target, outcome] of TARGETS) {
      const page = await app.inject({
        method: 'GET',
        url: `/wp-login.php?redirect_to=${encodeURIComponent(target)}`,
      });
      expect(page.statusCode, JSON.stringify(target)).toBe(200);
      const value = /name="redirect_to" value="([^"]*)"/.exec(page.body)?.[1];
      if (outcome === 'overview')
        expect(value, JSON.stringify(target)).toBe(OVERVIEW_URL.replaceAll('&', '&amp;'));
      else expect(followed(value!.replaceAll('&amp;', '&')).origin).toBe(ORIGIN);
    }
  });
});
