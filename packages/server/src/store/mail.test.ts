import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/server-process.ts';
import { mailSettings, sendMail } from './mail.ts';

/**
 * Mail both ways: into the outbox folder, and through an SMTP server — a small one speaking the
 * protocol over a real socket here, recording what it was given.
 */

interface Received {
  from: string;
  to: string[];
  data: string;
}

function smtpServer(received: Received[]): Server {
  return createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    socket.write('220 test.local ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end + 2);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test.local\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
  });
}

describe('sendMail', () => {
  let dir: string;
  let server: Server;
  let port = 0;
  const received: Received[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-mail-'));
    server = smtpServer(received);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const message = () => ({
    to: 'ann@example.test',
    subject: 'Your transactions export is ready',
    text: 'Attached.\r\n',
    attachments: [
      {
        filename: 'transactions.csv',
        contentType: 'text/csv; charset=utf-8',
        content: Readable.from([Buffer.from('Amount\r\n'), Buffer.from('-12.50\r\n')]),
      },
    ],
  });

  it('reads the outbox, the SMTP server and the sender from the environment', () => {
    expect(mailSettings({ DATA_DIR: dir })).toEqual({
      outboxDir: join(dir, 'outbox'),
      smtpUrl: undefined,
      from: 'Paydesk <paydesk@localhost>',
    });
    expect(
      mailSettings({ DATA_DIR: dir, SMTP_URL: 'smtp://mail.example:25', MAIL_FROM: 'Shop <s@x.test>' }),
    ).toEqual({
      outboxDir: join(dir, 'outbox'),
      smtpUrl: 'smtp://mail.example:25',
      from: 'Shop <s@x.test>',
    });
  });

  it('writes a complete .eml into the outbox when no SMTP server is set', async () => {
    const settings = mailSettings({ DATA_DIR: dir });
    const result = await sendMail(settings, message());
    expect(result.via).toBe('outbox');
    const files = readdirSync(settings.outboxDir);
    expect(files.filter((name) => name.endsWith('.partial'))).toEqual([]);
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(settings.outboxDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^From: Paydesk <paydesk@localhost>\r$/m);
    expect(eml).toMatch(/^To: ann@example\.test\r$/m);
    expect(eml).toContain(Buffer.from('Amount\r\n-12.50\r\n').toString('base64'));
  });

  it('sends through the SMTP server when SMTP_URL is set', async () => {
    const settings = mailSettings({
      DATA_DIR: dir,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Shop <shop@example.test>',
    });
    const result = await sendMail(settings, message());
    expect(result.via).toBe('smtp');
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toMatch(/^MAIL FROM:<shop@example\.test>/);
    expect(received[0]!.to).toEqual(['RCPT TO:<ann@example.test>']);
    expect(received[0]!.data).toMatch(/^Subject: Your transactions export is ready\r$/m);
    expect(received[0]!.data).toContain(Buffer.from('Amount\r\n-12.50\r\n').toString('base64'));
  });

  it('fails when the SMTP server cannot be reached', async () => {
    const unused = await freePort();
    const settings = mailSettings({ DATA_DIR: dir, SMTP_URL: `smtp://127.0.0.1:${unused}` });
    await expect(sendMail(settings, message())).rejects.toThrow();
  });
});
