import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../config.ts';
import { onFirstUse } from '../first-use.ts';

/**
 * Outgoing mail (docs/configuration.md, Mail). With `SMTP_URL` set, messages go to that server;
 * otherwise each message is written as an RFC 5322 `.eml` file into `DATA_DIR/outbox`, where a
 * person or a mail program can pick it up. Either way nodemailer composes the message, so
 * attachments are streamed (base64) and never held in memory whole.
 */

export interface MailSettings {
  /** The outbox folder used when no SMTP server is configured. */
  outboxDir: string;
  smtpUrl: string | undefined;
  from: string;
}

/** The settings from the environment (`DATA_DIR`, `SMTP_URL`, `MAIL_FROM`), read when mail is sent. */
export function mailSettings(env: NodeJS.ProcessEnv = process.env): MailSettings {
  const config = loadConfig(env);
  return { outboxDir: join(config.dataDir, 'outbox'), smtpUrl: config.smtpUrl, from: config.mailFrom };
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; contentType: string; content: Readable }[];
}

/** Where a message went: the `.eml` file written, or the SMTP server's message id. */
export type MailResult = { via: 'outbox'; file: string } | { via: 'smtp'; messageId: string };

/** nodemailer, loaded when the first message is sent rather than when the server starts. */
const nodemailerModule = onFirstUse(() => import('nodemailer'));

/** Most time an SMTP exchange may take before the message counts as not sent. */
const SMTP_TIMEOUT_MS = 60_000;

export async function sendMail(settings: MailSettings, message: MailMessage): Promise<MailResult> {
  const mail = { from: settings.from, ...message };
  const { default: nodemailer } = await nodemailerModule();
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: settings.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    try {
      const info = await transport.sendMail(mail);
      return { via: 'smtp', messageId: String(info.messageId) };
    } finally {
      transport.close();
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: false, newline: 'windows' });
  const info = await transport.sendMail(mail);
  mkdirSync(settings.outboxDir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}.eml`;
  const file = join(settings.outboxDir, name);
  // Written under a temporary name and renamed, so a reader of the outbox never sees half a message.
  const partial = `${file}.partial`;
  try {
    await pipeline(info.message as Readable, createWriteStream(partial, { flags: 'wx' }));
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return { via: 'outbox', file };
}
