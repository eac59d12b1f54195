import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fakeWebDist, makeTestApp } from '../testing/app.ts';
import { describeEachDatabase } from '../testing/db.ts';

/** The drawn icons the build copies into the app (packages/web/public). */
const PUBLIC = join(import.meta.dirname, '../../../web/public');

describeEachDatabase('the site icon', (use) => {
  let app: FastifyInstance;
  let bare: FastifyInstance;
  const dist = fakeWebDist();
  const bareDist = fakeWebDist();

  beforeAll(async () => {
    copyFileSync(join(PUBLIC, 'favicon.ico'), join(dist, 'favicon.ico'));
    copyFileSync(join(PUBLIC, 'favicon.svg'), join(dist, 'favicon.svg'));
    app = await makeTestApp(use(), dist);
    bare = await makeTestApp(use(), bareDist);
  });
  afterAll(async () => {
    await app.close();
    await bare.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(bareDist, { recursive: true, force: true });
  });

  it('answers /favicon.ico with the icon to anyone, signed in or not', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    // An ICO file: reserved 0, type 1 (icon), then how many images it holds.
    expect(response.rawPayload.readUInt16LE(0)).toBe(0);
    expect(response.rawPayload.readUInt16LE(2)).toBe(1);
    expect(response.rawPayload.readUInt16LE(4)).toBeGreaterThan(0);
    expect(response.rawPayload.equals(readFileSync(join(PUBLIC, 'favicon.ico')))).toBe(true);
  });

  it('answers /favicon.svg with the drawing', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toContain('<svg');
  });

  it('links both from the sign-in page', async () => {
    const response = await app.inject({ method: 'GET', url: '/wp-login.php' });
    expect(response.body).toContain('<link rel="icon" href="/favicon.ico"');
    expect(response.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });

  it('serves no icon that the build lacks', async () => {
    expect((await bare.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(404);
  });
});
