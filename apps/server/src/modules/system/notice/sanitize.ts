import sanitizeHtml from 'sanitize-html';
import {
  RICH_TEXT_DROPPED,
  RICH_TEXT_IMAGE_SCHEMES,
  RICH_TEXT_LINK_SCHEMES,
  RICH_TEXT_TAGS,
  richTextAttributes,
} from '@acs/shared';

/**
 * Notice content is rich text written by administrators and shown as HTML to every user, and the XSS body
 * filter skips /system/notice, so it is cleaned here before it is stored: sanitize-html parses it and
 * applies the shared allow-list (packages/shared rich-text.ts), the same rules DOMPurify applies in the browser.
 */

export interface SanitizeOptions {
  /** API prefix under which uploaded files are served (`/prod-api`): `<prefix>/profile/…` images are allowed. */
  apiPrefix: string;
}

const baseOptions: sanitizeHtml.IOptions = {
  allowedTags: Object.keys(RICH_TEXT_TAGS),
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_TAGS).map(([tag, names]) => [tag, [...names]])),
  nonTextTags: [...RICH_TEXT_DROPPED],
  // The shared rules check every URL; the library's own scheme check stays on as a second guard.
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesByTag: { img: [...RICH_TEXT_IMAGE_SCHEMES] },
  allowProtocolRelative: false,
  // Styles are filtered by the shared rules (richTextStyle), which DOMPurify uses too; postcss would reformat them.
  parseStyleAttributes: false,
  // An image whose source was refused goes entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeNoticeHtml(html: string, opts: SanitizeOptions): string {
  return sanitizeHtml(html.replaceAll('\0', ''), {
    ...baseOptions,
    transformTags: {
      '*': (tagName, attribs) => ({ tagName, attribs: richTextAttributes(tagName, attribs, opts.apiPrefix) ?? {} }),
    },
  });
}
