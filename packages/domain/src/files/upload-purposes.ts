import { EVIDENCE_FILES_MAX_BYTES, EVIDENCE_FILES_MAX_BYTES_MESSAGE } from '../disputes/evidence-limits.ts';

/**
 * What `POST {base}/file` takes, by the upload's `purpose`: dispute evidence and the settings'
 * branding logo (`account_branding_logo`). Each
 * purpose has its own types, recognised by the file's bytes, and its own size cap; the contract,
 * the server and the pages read them here.
 */

/** The types a stored upload can have, by its first bytes (never its name or declared type). */
export const UPLOAD_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type UploadMime = (typeof UPLOAD_MIME_TYPES)[number];

const SIGNATURES: readonly (readonly [UploadMime, readonly number[]])[] = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
];

/** The type the bytes show, whatever the file's name or declared type; null for any other. */
export function uploadTypeOfBytes(bytes: Uint8Array): UploadMime | null {
  for (const [mime, signature] of SIGNATURES) {
    if (signature.every((byte, index) => bytes[index] === byte)) return mime;
  }
  return null;
}

export const FILE_PURPOSES = ['dispute_evidence', 'business_logo'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** The purpose of a logo upload; the settings' `account_branding_logo` holds its file id. */
export const BRANDING_LOGO_PURPOSE = 'business_logo' satisfies FilePurpose;

export interface UploadRules {
  /** The types the bytes must show. */
  types: readonly UploadMime[];
  /** The file input's `accept`: a hint for the file picker, never the check itself. */
  accept: string;
  /** Largest file, inclusive. */
  max_bytes: number;
  /** Why a file of another type is refused (named on `file`). */
  type_message: string;
  /** Why a larger file is refused (named on `file`). */
  size_message: string;
}

/** One megabyte (1,048,576 bytes): the largest logo. */
export const BRANDING_LOGO_MAX_BYTES = 1_048_576;

export const UPLOAD_RULES: Readonly<Record<FilePurpose, UploadRules>> = {
  // A dispute's files together take at most 4,500,000 bytes, so no one file
  // may be larger.
  dispute_evidence: {
    types: ['application/pdf', 'image/png', 'image/jpeg'],
    accept: '.pdf,application/pdf,image/png,image/jpeg',
    max_bytes: EVIDENCE_FILES_MAX_BYTES,
    type_message: 'The file must be a PDF, PNG or JPEG document.',
    size_message: EVIDENCE_FILES_MAX_BYTES_MESSAGE,
  },
  // Shown on receipts and the store's pages: an image, small enough to load quickly.
  business_logo: {
    types: ['image/png', 'image/jpeg'],
    accept: '.png,.jpg,.jpeg,image/png,image/jpeg',
    max_bytes: BRANDING_LOGO_MAX_BYTES,
    type_message: 'The logo must be a PNG or JPEG image.',
    size_message: 'The logo must be at most 1 MB (1,048,576 bytes).',
  },
};

/** The largest upload of any purpose: what the upload route's body limit must allow. */
export const UPLOAD_MAX_BYTES = Math.max(...FILE_PURPOSES.map((purpose) => UPLOAD_RULES[purpose].max_bytes));

/** Why a file of this size is refused for the purpose, or null when it fits. */
export function uploadSizeError(purpose: FilePurpose, size_bytes: number): string | null {
  return size_bytes > UPLOAD_RULES[purpose].max_bytes ? UPLOAD_RULES[purpose].size_message : null;
}

/** The name endings of the types an upload can have. */
const TYPE_EXTENSIONS: Readonly<Record<string, UploadMime>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  jfif: 'image/jpeg',
};

/**
 * Name endings a browser or the merchant's computer opens as a page, a script or a program. A
 * stored file keeps its name, and a download is saved under it: an image saved as `x.html` is
 * a page on the merchant's disk, whatever its first bytes are.
 */
const ACTIVE_EXTENSIONS = new Set([
  'htm',
  'html',
  'xhtml',
  'shtml',
  'svg',
  'svgz',
  'xml',
  'xsl',
  'js',
  'mjs',
  'hta',
  'php',
  'exe',
  'com',
  'scr',
  'msi',
  'bat',
  'cmd',
  'ps1',
  'vbs',
  'wsf',
  'jar',
  'sh',
  'lnk',
]);

export const UPLOAD_NAME_MESSAGE = "The file's name must end as its type does: .pdf, .png, .jpg or .jpeg.";
export const UPLOAD_MARKUP_MESSAGE =
  'The file holds web page markup or script, which a PDF, PNG or JPEG document does not.';

/**
 * Markup or script a browser or PDF reader would run: the signature of a polyglot, a file that
 * starts as an image or a PDF and is also a page. Image data and a PDF's compressed streams are
 * binary, where these runs of letters do not occur by chance. An XML declaration alone is no
 * page: the XMP metadata that cameras and PDF writers embed may start with one. A PDF's own script actions
 * (`/JavaScript`, `/JS`, `/Launch`) are refused too. Streams are not inflated, so script inside a
 * compressed object stream is not seen here; the file is served with its own type, `nosniff`
 * and a Content-Security-Policy that runs no inline script.
 */
const MARKUP =
  /<(?:script|html|body|svg|iframe|frame|object|embed|img|math|!doctype\s+html)[\s/>]|javascript:/i;
/** PDF names are case-sensitive and end at a delimiter. */
const PDF_SCRIPT = /\/(?:JavaScript|JS|Launch)(?=[\s/(<[>])/;

/** Whether the bytes hold markup or script, read as single-byte text. */
export function holdsActiveContent(bytes: Uint8Array): boolean {
  // Each byte as the character of its value (Latin-1), in slices the argument list can hold.
  let text = '';
  for (let at = 0; at < bytes.length; at += 8192)
    text += String.fromCharCode(...bytes.subarray(at, at + 8192));
  return MARKUP.test(text) || PDF_SCRIPT.test(text);
}

/** Why a file name is refused for bytes of this type, or null when its ending agrees with them. */
export function uploadNameError(filename: string, type: UploadMime): string | null {
  // Windows drops trailing dots and spaces when it saves a file: "x.html. " would be x.html.
  if (/[.\s]$/.test(filename)) return UPLOAD_NAME_MESSAGE;
  const dot = filename.lastIndexOf('.');
  const extension = dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
  if (ACTIVE_EXTENSIONS.has(extension)) return UPLOAD_NAME_MESSAGE;
  const named = TYPE_EXTENSIONS[extension];
  return named !== undefined && named !== type ? UPLOAD_NAME_MESSAGE : null;
}

/**
 * The file's type when its bytes are one the purpose takes; otherwise the reason it is refused.
 * With its name, a name that claims another type is refused too.
 */
export function checkUploadBytes(
  purpose: FilePurpose,
  bytes: Uint8Array,
  filename?: string,
): { type: UploadMime; error: null } | { type: null; error: string } {
  const sizeError = uploadSizeError(purpose, bytes.length);
  if (sizeError) return { type: null, error: sizeError };
  const type = uploadTypeOfBytes(bytes);
  if (!type || !UPLOAD_RULES[purpose].types.includes(type))
    return { type: null, error: UPLOAD_RULES[purpose].type_message };
  const nameError = filename === undefined ? null : uploadNameError(filename, type);
  if (nameError) return { type: null, error: nameError };
  if (holdsActiveContent(bytes)) return { type: null, error: UPLOAD_MARKUP_MESSAGE };
  return { type, error: null };
}
