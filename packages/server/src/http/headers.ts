import type { FastifyReply } from 'fastify';

/** Adds the credentials an answer depends on to its `Vary` header, keeping what is there. */
export function varyOnCredentials(reply: FastifyReply): void {
  const current = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const names = new Set(current.map((name) => name.toLowerCase()));
  for (const name of ['Cookie', 'Authorization']) if (!names.has(name.toLowerCase())) current.push(name);
  reply.header('vary', current.join(', '));
}

/**
 * A Content-Disposition value naming the file: `inline` to be shown in the browser, `attachment`
 * to be saved. Quotes, backslashes and line breaks in the name become `_`, so it stays one
 * quoted parameter.
 */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  return `${kind}; filename="${filename.replace(/["\\\r\n]/g, '_')}"`;
}

/** A stored file as a route sends it: its name, its MIME type and its bytes. */
export interface FileBytes {
  filename: string;
  mimeType: string;
  content: Buffer;
}

/**
 * Sends a stored file's bytes as they are, under its own type (never sniffed by the browser) and
 * name. Answers what a contract handler returns: the contract's string schema documents the body
 * only.
 */
export function sendFileBytes(
  reply: FastifyReply,
  file: FileBytes,
  options: { disposition: 'inline' | 'attachment'; cacheControl: string },
): never {
  reply
    .header('Content-Type', file.mimeType)
    .header('Content-Disposition', contentDisposition(options.disposition, file.filename))
    .header('Cache-Control', options.cacheControl)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Length', String(file.content.length));
  return reply.send(file.content) as never;
}
