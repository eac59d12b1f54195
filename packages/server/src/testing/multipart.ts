/** The boundary of the multipart bodies tests send. */
export const TEST_BOUNDARY = 'paydeskTestBoundary7';
export const TEST_MULTIPART_TYPE = `multipart/form-data; boundary=${TEST_BOUNDARY}`;

/** A `multipart/form-data` body of these parts (a part with a filename is a file). */
export function multipartBody(
  parts: { name: string; value: Buffer | string; filename?: string; type?: string }[],
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(
      Buffer.from(
        `--${TEST_BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${TEST_BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
