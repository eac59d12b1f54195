import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DISPUTE_REMINDER_LEAD_MS } from '@paydesk/domain/disputes/reminder';
import { DISPUTE_RESPONSE_WINDOW_MS } from '@paydesk/domain/disputes/windows';
import { HOUR_MS } from '@paydesk/domain/time';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { makeTestApp, makeUser, type TestUser } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout, checkout, connectSandboxAccount } from '../../testing/engine.ts';
import { advanceClock } from '../clock.ts';
import { JOB_HANDLERS } from '../context.ts';
import { runDueJobs } from '../jobs.ts';

const BASE = '/wp-json/wc/v3/payments';

/** A message as written, its quoted-printable body read back (soft line breaks and =XX bytes). */
function decodeQuotedPrintable(message: string): string {
  const joined = message.replace(/=\r\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

describeEachDatabase('dispute reminder e-mails', (use) => {
  let app: FastifyInstance;
  let admin: TestUser;
  let manager: TestUser;
  let customer: TestUser;
  let dataDir: string;
  const outbox = () => join(dataDir, 'outbox');
  const mails = () => {
    let names: string[] = [];
    try {
      names = readdirSync(outbox()).filter((name) => name.endsWith('.eml'));
    } catch {
      return [];
    }
    return names.sort().map((name) => decodeQuotedPrintable(readFileSync(join(outbox(), name), 'utf8')));
  };
  const runJobsAfter = async (ms: number) => {
    await advanceClock(use().db, ms);
    await runDueJobs(use().db, JOB_HANDLERS);
  };
  const disputed = async (number: string) => {
    const res = await checkout(app, admin.basic, cardCheckout(number, { amount: 4_000 }));
    expect(res.statusCode, res.body).toBe(200);
    const charge = await use()
      .db.selectFrom('charges')
      .select('dispute_id')
      .where('id', '=', res.json().charge.id)
      .executeTakeFirstOrThrow();
    return charge.dispute_id!;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'paydesk-reminders-'));
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('SMTP_URL', '');
    vi.stubEnv('PUBLIC_URL', 'https://shop.example.test');
    app = await makeTestApp(use());
    admin = await makeUser(use(), 'administrator');
    manager = await makeUser(use(), 'shop_manager');
    customer = await makeUser(use(), 'customer');
    await connectSandboxAccount(use());
  });
  afterAll(async () => {
    await app.close();
    vi.unstubAllEnvs();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('e-mails the managers three days before the deadline, once, for disputes still waiting', async () => {
    const open = await disputed('4000000000002685');
    const inquiry = await disputed('4000000000001976');
    const accepted = await disputed('4000000000000259');
    const close = await app.inject({
      method: 'POST',
      url: `${BASE}/disputes/${accepted}/close`,
      headers: { authorization: admin.basic },
    });
    expect(close.statusCode, close.body).toBe(200);

    // An hour before the reminders fall due: nothing yet.
    await runJobsAfter(DISPUTE_RESPONSE_WINDOW_MS - DISPUTE_REMINDER_LEAD_MS - HOUR_MS);
    expect(mails()).toEqual([]);

    await runJobsAfter(2 * HOUR_MS);
    const sent = mails();
    expect(sent).toHaveLength(2);
    const [dispute, question] = [open, inquiry].map((id) => sent.find((mail) => mail.includes(`id=${id}`))!);
    expect(dispute).toContain('Subject: A disputed payment needs your response by');
    expect(dispute).toContain('A customer disputed a payment of $40.00');
    expect(dispute).toContain('Reason: Product not received.');
    expect(question).toContain('Subject: A payment inquiry needs your response by');
    for (const mail of sent) {
      const to = /^To: (.*)$/m.exec(mail)?.[1] ?? '';
      expect(to).toContain(admin.login);
      expect(to).toContain(manager.login);
      expect(to).not.toContain(customer.login);
    }
    expect(sent.join('\n')).not.toContain(accepted);

    // The deadline passes: no second reminder.
    await runJobsAfter(DISPUTE_REMINDER_LEAD_MS + HOUR_MS);
    expect(mails()).toHaveLength(2);
  });

  it('sends nothing for a dispute answered before its reminder falls due', async () => {
    const before = mails().length;
    const id = await disputed('4000000000002685');
    const submit = await app.inject({
      method: 'POST',
      url: `${BASE}/disputes/${id}`,
      headers: { authorization: admin.basic },
      payload: { evidence: { uncategorized_text: 'Delivered, signed for.' }, submit: true },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    await runJobsAfter(DISPUTE_RESPONSE_WINDOW_MS - DISPUTE_REMINDER_LEAD_MS + HOUR_MS);
    expect(mails()).toHaveLength(before);
  });
});
