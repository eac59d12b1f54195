import { NOTE_ALLOWED_SCHEMES, NOTE_ALLOWED_TAGS } from '@paydesk/domain/inbox/notes';
import type sanitizeHtml from 'sanitize-html';
import { onFirstUse } from '../first-use.ts';

/**
 * A note's content keeps the tags allowed in inbox notes and nothing else: links keep only their
 * href, and only with a web or mail scheme or a relative address. Whatever else a tag carried
 * (event handlers, styles, javascript: links) is dropped; the text inside a disallowed tag stays,
 * except for tags whose content is code or markup rather than text.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...NOTE_ALLOWED_TAGS],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: [...NOTE_ALLOWED_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'iframe',
    'object',
    'template',
    'svg',
    'math',
  ],
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

/** sanitize-html, loaded when the first note is written or read rather than when the server starts. */
const sanitizer = onFirstUse(() => import('sanitize-html').then((module) => module.default));

export async function sanitizeNoteHtml(html: string): Promise<string> {
  const sanitize = await sanitizer();
  return sanitize(html, OPTIONS);
}
