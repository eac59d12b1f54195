import type { FastifyInstance } from 'fastify';

/** One part of a `multipart/form-data` body: a field's text, or a file with its name and bytes. */
export type FormPart = { kind: 'field'; value: string } | { kind: 'file'; filename: string; content: Buffer };

const BOUNDARY = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i;
const DISPOSITION = /content-disposition:\s*form-data\s*;([^\r\n]*)/i;
const PARAM = (name: string) => new RegExp(`(?:^|;)\\s*${name}="([^"\\r\\n]*)"`, 'i');

/**
 * Parses a `multipart/form-data` body into its named parts (the first part of each name). An
 * ill-formed body answers null; the caller refuses it with 400. Part headers are read as
 * UTF-8; the declared content type of a file is ignored (its bytes decide, see the caller).
 */
export function parseMultipart(contentType: string, body: Buffer): Map<string, FormPart> | null {
  const match = BOUNDARY.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts = new Map<string, FormPart>();
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') return parts;
    if (body.subarray(at, at + 2).toString() !== '\r\n') return null;
    const headerEnd = body.indexOf('\r\n\r\n', at);
    if (headerEnd < 0) return null;
    const headers = body.subarray(at + 2, headerEnd).toString('utf8');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next < 0) return null;
    const content = body.subarray(headerEnd + 4, next);
    const disposition = DISPOSITION.exec(headers)?.[1] ?? '';
    const name = PARAM('name').exec(disposition)?.[1];
    const filename = PARAM('filename').exec(disposition)?.[1];
    if (name && !parts.has(name)) {
      parts.set(
        name,
        filename === undefined
          ? { kind: 'field', value: content.toString('utf8') }
          : // A view into the body, not a copy: the body is read whole and lives as long.
            { kind: 'file', filename, content },
      );
    }
    at = next + 2;
  }
}

/**
 * Makes a scope read `multipart/form-data` bodies of at most `bodyLimit` bytes whole and hand
 * its contract `{ ...fields, file: { filename, size, content } }`: the named text fields and the
 * part `file`. What is missing or ill-formed is left out, and the contract refuses it with 400.
 */
export function acceptMultipart(
  scope: FastifyInstance,
  bodyLimit: number,
  fields: readonly string[] = [],
): void {
  scope.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit },
    (request, body, done) => {
      const parts = parseMultipart(String(request.headers['content-type'] ?? ''), body as Buffer);
      const result: Record<string, unknown> = {};
      for (const name of fields) {
        const part = parts?.get(name);
        if (part?.kind === 'field') result[name] = part.value;
      }
      const file = parts?.get('file');
      if (file?.kind === 'file') {
        result.file = { filename: file.filename, size: file.content.length, content: file.content };
      }
      done(null, result);
    },
  );
}

/** Room for the multipart boundaries and part headers around an uploaded file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
