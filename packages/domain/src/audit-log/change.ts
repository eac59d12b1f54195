/**
 * What the audit log keeps of a request's body (docs/audit-log.md): the body as sent, with every
 * secret replaced and every file's bytes replaced by its name and size, cut to at most
 * AUDIT_CHANGE_MAX_CHARS of JSON.
 */

/** Longest JSON kept for one request's change. */
export const AUDIT_CHANGE_MAX_CHARS = 4096;

/** What stands in a redacted field's place. */
export const REDACTED = '[redacted]';

/**
 * Field names whose values are secrets wherever they appear: passwords (including application
 * passwords), card security codes, tokens and keys, bank and identity numbers.
 */
const SECRET_KEY =
  /pass(word)?|^pwd$|secret|token|api_?key|authorization|^cvc$|^cvv|^cvc2$|security_code|account_number|routing_number|^iban$|^ssn|id_number|tax_id/i;

/** A card number as typed: 12 to 19 digits, spaces and dashes ignored. */
const CARD_LIKE = /^[0-9][0-9 -]{10,28}[0-9]$/;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A run of digits that could be a card number inside longer text. */
const CARD_IN_TEXT = /(?<![0-9])[0-9](?:[ -]?[0-9]){11,18}(?![0-9])/g;

/** Text with every card number in it replaced, wherever in the text it stands. */
export function withoutCardNumbers(text: string): string {
  return text.replace(CARD_IN_TEXT, (run) => (looksLikeCardNumber(run) ? REDACTED : run));
}

/** Text that reads as a card number: kept out of the log wherever it is sent. */
export function looksLikeCardNumber(text: string): boolean {
  if (!CARD_LIKE.test(text)) return false;
  const digits = text.replace(/[ -]/g, '');
  return digits.length >= 12 && digits.length <= 19 && passesLuhn(digits);
}

const MAX_DEPTH = 8;

/** NUL and unpaired surrogates, which the database cannot store in text or JSON. */
const UNSTORABLE = new RegExp(
  `${String.fromCharCode(0)}|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]`,
  'g',
);

/** Text as the audit log can keep it: what it cannot store becomes U+FFFD. */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE, '\uFFFD');
}

function redact(value: unknown, key: string, parentKey: string, depth: number): unknown {
  if (SECRET_KEY.test(key)) return value === null || value === undefined || value === '' ? value : REDACTED;
  // A card's number, under whatever name the card is sent.
  if (key === 'number' && /card/i.test(parentKey)) return REDACTED;
  if (typeof value === 'string') return storableText(withoutCardNumbers(value));
  if (value instanceof Uint8Array) return { size: value.byteLength };
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.map((item) => redact(item, '', key, depth + 1));
  const record = value as Record<string, unknown>;
  // An uploaded file: its name and size, never its bytes.
  if (typeof record.filename === 'string' && record.content instanceof Uint8Array) {
    return { filename: record.filename, size: record.content.byteLength };
  }
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(record))
    out[storableText(name)] = redact(inner, name, key, depth + 1);
  return out;
}

/**
 * The change an audit row keeps for a request body, as JSON text; null when there was no body.
 * A body longer than the limit once redacted is kept as the start of its JSON text, marked.
 */
export function auditChange(body: unknown): string | null {
  if (body === undefined || body === null || body === '') return null;
  const text = JSON.stringify(redact(body, '', '', 0)) ?? null;
  if (text === null || text.length <= AUDIT_CHANGE_MAX_CHARS) return text;
  return JSON.stringify({ truncated: true, excerpt: text.slice(0, AUDIT_CHANGE_MAX_CHARS - 64) });
}
