import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { SERVER_LIMITS } from './http/server.ts';
import { describeDatabase } from './runtime.ts';

/** The error message loadConfig throws for an environment, or undefined when it loads. */
function configError(env: NodeJS.ProcessEnv): string | undefined {
  try {
    loadConfig(env);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('loadConfig', () => {
  it('answers the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      pgliteSharedBuffers: undefined,
      adminPassword: undefined,
      publicUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Paydesk <paydesk@localhost>',
      logLevel: 'info',
      webDist: undefined,
      trustProxy: false,
      role: 'all',
      serverLimits: SERVER_LIMITS,
    });
  });

  it('runs web or worker processes apart only on PostgreSQL', () => {
    const url = 'postgres://app@db.internal/shop';
    expect(loadConfig({ PAYDESK_ROLE: 'web', DATABASE_URL: url }).role).toBe('web');
    expect(loadConfig({ PAYDESK_ROLE: 'worker', DATABASE_URL: url }).role).toBe('worker');
    expect(() => loadConfig({ PAYDESK_ROLE: 'worker' })).toThrow(/PAYDESK_ROLE: worker needs DATABASE_URL/);
    expect(() => loadConfig({ PAYDESK_ROLE: 'cron', DATABASE_URL: url })).toThrow(/PAYDESK_ROLE/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', ADMIN_PASSWORD: '' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      adminPassword: undefined,
    });
  });

  it('reads every variable it is given', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/paydesk',
      DATABASE_URL: 'postgres://paydesk:secret@db.internal:5433/paydesk',
      ADMIN_PASSWORD: 'long enough',
      SMTP_URL: 'smtp://mail.internal:587',
      MAIL_FROM: 'Shop <shop@example.test>',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.5',
    });
    expect(config).toMatchObject({
      trustProxy: ['10.0.0.5'],
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/var/lib/paydesk',
      databaseUrl: 'postgres://paydesk:secret@db.internal:5433/paydesk',
      adminPassword: 'long enough',
      smtpUrl: 'smtp://mail.internal:587',
      mailFrom: 'Shop <shop@example.test>',
      logLevel: 'warn',
    });
  });

  it("takes the embedded database's shared_buffers as a size in kB, MB or GB", () => {
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '1GB' }).pgliteSharedBuffers).toBe('1GB');
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '64' })).toThrow(/PGLITE_SHARED_BUFFERS/);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '64mb' })).toThrow(/PGLITE_SHARED_BUFFERS/);
  });

  it('resolves a relative DATA_DIR against the working folder', () => {
    expect(loadConfig({ DATA_DIR: 'var/data' }).dataDir).toBe(resolve('var/data'));
  });

  it('parses PORT as a whole number from 0 to 65535', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ PORT: '65535' }).port).toBe(65535);
    for (const bad of ['http', '80.5', '-1', '65536']) {
      expect(configError({ PORT: bad }), bad).toMatch(/^Invalid configuration:\n {2}PORT: /);
    }
  });

  it('reads the HTTP timeouts and connection caps, and refuses ones Node cannot keep', () => {
    expect(
      loadConfig({
        HTTP_REQUEST_TIMEOUT_MS: '3000',
        HTTP_HEADERS_TIMEOUT_MS: '2000',
        HTTP_IDLE_TIMEOUT_MS: '2500',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
        HTTP_MAX_CONNECTIONS: '200',
        HTTP_MAX_CONNECTIONS_PER_ADDRESS: '8',
      }).serverLimits,
    ).toEqual({
      ...SERVER_LIMITS,
      requestTimeoutMs: 3000,
      headersTimeoutMs: 2000,
      idleTimeoutMs: 2500,
      keepAliveTimeoutMs: 1000,
      maxConnections: 200,
      maxConnectionsPerAddress: 8,
    });
    expect(configError({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toMatch(
      /HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS/,
    );
    for (const bad of ['0', '100', '1.5', 'soon', '300001']) {
      expect(configError({ HTTP_IDLE_TIMEOUT_MS: bad }), bad).toMatch(/HTTP_IDLE_TIMEOUT_MS: /);
    }
    expect(configError({ HTTP_MAX_CONNECTIONS: '0' })).toMatch(/HTTP_MAX_CONNECTIONS: /);
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL URL, readably and without echoing it', () => {
    for (const bad of [
      'not a url',
      'localhost:5432/paydesk',
      'mysql://app:s3cret@db/shop',
      'app:s3cret@db',
    ]) {
      const message = configError({ DATABASE_URL: bad });
      expect(message, bad).toBe(
        'Invalid configuration:\n  DATABASE_URL: A PostgreSQL URL such as postgres://user:pass@host:5432/db',
      );
      expect(message).not.toContain('s3cret');
    }
    for (const good of ['postgresql://db/shop', 'postgres://app@db/shop?options=-c%20search_path%3Dx']) {
      expect(loadConfig({ DATABASE_URL: good }).databaseUrl).toBe(good);
    }
  });

  it('refuses a short ADMIN_PASSWORD and an unknown LOG_LEVEL, naming each', () => {
    const message = configError({ ADMIN_PASSWORD: 'short', LOG_LEVEL: 'verbose' });
    expect(message).toContain('  ADMIN_PASSWORD: ADMIN_PASSWORD must be at least 8 characters');
    expect(message).toContain('  LOG_LEVEL: ');
    expect(configError({ ADMIN_PASSWORD: '12345678', LOG_LEVEL: 'silent' })).toBeUndefined();
  });

  it('reads TRUST_PROXY as off, on, a hop count or proxy addresses, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5,192.168.0.0/16' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
    ]);
    expect(configError({ TRUST_PROXY: 'the-proxy' })).toContain(
      '  TRUST_PROXY: "the-proxy" is not an IP address',
    );
  });
});

describe('describeDatabase', () => {
  it('names the embedded folder, or the PostgreSQL server without its password', () => {
    expect(describeDatabase(loadConfig({ DATA_DIR: '/srv/paydesk' }))).toBe(
      'embedded database in /srv/paydesk',
    );
    const pg = describeDatabase(loadConfig({ DATABASE_URL: 'postgres://app:s3cret@db.internal/shop' }));
    expect(pg).toBe('PostgreSQL at db.internal:5432/shop');
    expect(pg).not.toContain('s3cret');
  });
});
