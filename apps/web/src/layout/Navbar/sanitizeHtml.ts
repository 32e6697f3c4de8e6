import DOMPurify from 'dompurify';
import { RICH_TEXT_DROPPED, RICH_TEXT_TAGS, richTextAttributes } from '@acs/shared';
import { baseURL } from '../../utils/request';

/**
 * Rich text (notice content) shown as HTML: DOMPurify parses it in an inert document and applies the shared
 * allow-list (packages/shared rich-text.ts), the same rules the server's sanitize-html applies before storing.
 */
const purifier = DOMPurify(window);

const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_TAGS).flat())];

// Per-element rules DOMPurify cannot express (attributes per tag, URL and style values, rel): the shared ones.
purifier.addHook('afterSanitizeAttributes', (node) => {
  const tag = node.nodeName.toLowerCase();
  if (!(tag in RICH_TEXT_TAGS)) return;
  const current = Object.fromEntries([...node.attributes].map((a) => [a.name, a.value]));
  const kept = richTextAttributes(tag, current, baseURL);
  if (kept === null) {
    node.remove();
    return;
  }
  for (const name of Object.keys(current)) node.removeAttribute(name);
  for (const [name, value] of Object.entries(kept)) node.setAttribute(name, value);
});

export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: Object.keys(RICH_TEXT_TAGS),
    ALLOWED_ATTR,
    ADD_FORBID_CONTENTS: [...RICH_TEXT_DROPPED],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
