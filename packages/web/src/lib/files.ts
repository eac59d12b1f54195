import { buildPath, disputes, files } from '@paydesk/domain/contracts';
import type { FilePurpose } from '@paydesk/domain/files/upload-purposes';
import { apiUpload } from './api.ts';
import { withNonce } from './download.ts';

/**
 * POST {base}/file with the file and its purpose (evidence, a branding logo); answers its id,
 * name, size and the type its bytes show, or the server's reason (named on `file`).
 */
export function uploadFile(purpose: FilePurpose, file: File) {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file, file.name);
  return apiUpload(disputes.uploadFile, form);
}

/**
 * GET {base}/file/{id}: the address an image's preview (an evidence image, the branding logo)
 * loads its bytes from, with the session's nonce (an `<img>` sends no headers). The browser
 * caches it: stored files never change.
 */
export const filePreviewUrl = (id: string) => withNonce(buildPath(files.getFile.path, { id }));
