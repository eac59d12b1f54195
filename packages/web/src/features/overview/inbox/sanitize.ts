import { NOTE_ALLOWED_TAGS } from '@paydesk/domain/inbox/notes';
import DOMPurify from 'dompurify';

/**
 * Note content is sanitised by the server; the page sanitises it again before it becomes HTML,
 * so a row that reached the database some other way still cannot run anything here. Links keep
 * their href only when it is a web or mail address or a same-site path.
 */
const LINK = /^(?:(?:https?|mailto):|\/(?!\/)|[?#]|[^:/?#]+(?:[/?#]|$))/i;

export function sanitizeNoteContent(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...NOTE_ALLOWED_TAGS],
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: LINK,
    KEEP_CONTENT: true,
  });
}
