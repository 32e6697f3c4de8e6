/**
 * The allow-list of rich text (notice content), defined once: the server cleans with sanitize-html and the
 * browser with DOMPurify, both under these rules, so what the editor writes, the server stores and the
 * console shows agree. The libraries parse HTML the way browsers do; this module only says what may stay.
 */

const STYLED = ['style'];
const CELL = ['colspan', 'rowspan', 'style'];

/** Allowed elements and their attributes; any other element is unwrapped (its text kept). */
export const RICH_TEXT_TAGS: Readonly<Record<string, readonly string[]>> = {
  p: STYLED, div: STYLED, span: STYLED, br: [], strong: [], b: [], em: [], i: [], u: [], s: [], strike: [], del: [],
  h1: STYLED, h2: STYLED, h3: STYLED, h4: STYLED,
  ul: [], ol: [], li: STYLED, blockquote: STYLED,
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  table: [], caption: [], thead: [], tbody: [], tfoot: [], tr: [], th: CELL, td: CELL,
};

/** Elements removed together with everything inside them. */
export const RICH_TEXT_DROPPED: readonly string[] = [
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'noscript', 'noembed', 'noframes', 'template',
  'textarea', 'select', 'option', 'svg', 'math', 'title', 'xmp', 'plaintext', 'head',
];

/** URL schemes of links and of images; images may also be files uploaded to this server (see richTextAttributes). */
export const RICH_TEXT_LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];
export const RICH_TEXT_IMAGE_SCHEMES: readonly string[] = ['http', 'https'];

/** `color` / `background-color` values: hex, rgb(a) or a colour keyword; nothing that can load or run anything. */
const COLOR_VALUE = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.\s,%/]+\)|[a-z]{3,20})$/i;

/** The only style properties kept, each with the values it may take. */
export const RICH_TEXT_STYLES: Readonly<Record<string, RegExp>> = {
  color: COLOR_VALUE,
  'background-color': COLOR_VALUE,
  'text-align': /^(left|right|center|justify|start|end)$/i,
};

const SIZE = /^\d{1,4}(px|%)?$/;
const SPAN = /^\d{1,3}$/;
const schemes = (list: readonly string[]) => new RegExp(`^(${list.join('|')}):`, 'i');
const LINK_URL = schemes(RICH_TEXT_LINK_SCHEMES);
const IMAGE_URL = new RegExp(`${schemes(RICH_TEXT_IMAGE_SCHEMES).source}//`, 'i');

/** Browsers ignore control characters and whitespace inside a scheme (`java\tscript:`). */
const compactUrl = (url: string) => url.replace(/[\s\p{Cc}]/gu, '');

/** The allowed declarations of a style attribute, normalised (`color: red; text-align: right`), or null. */
export function richTextStyle(value: string): string | null {
  const kept: string[] = [];
  for (const declaration of value.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const propertyValue = declaration.slice(colon + 1).trim();
    if (RICH_TEXT_STYLES[property]?.test(propertyValue)) kept.push(`${property}: ${propertyValue}`);
  }
  return kept.length ? kept.join('; ') : null;
}

/** `<prefix>/profile/…` or `/profile/…`: a file uploaded to this server. */
const isUploaded = (url: string, apiPrefix: string) => url.startsWith('/profile/') || url.startsWith(`${apiPrefix}/profile/`);

function attributeValue(name: string, raw: string, apiPrefix: string): string | null {
  const value = raw.trim();
  switch (name) {
    case 'href':
      return LINK_URL.test(compactUrl(value)) ? value : null;
    case 'src': {
      const url = compactUrl(value);
      return IMAGE_URL.test(url) || isUploaded(url, apiPrefix) ? value : null;
    }
    case 'style':
      return richTextStyle(value);
    case 'target':
      return value === '_blank' ? value : null;
    case 'width':
    case 'height':
      return SIZE.test(value) ? value : null;
    case 'colspan':
    case 'rowspan':
      return SPAN.test(value) ? value : null;
    case 'rel':
      // Set below from target, never taken from the input.
      return null;
    default:
      return value;
  }
}

/**
 * The attributes an allowed element keeps (input order, values already entity-decoded by the parser), or
 * null when the element cannot stay at all (an image without a usable source). A link opening a new
 * window gets `rel="noopener noreferrer"`.
 */
export function richTextAttributes(tag: string, attributes: Readonly<Record<string, string>>, apiPrefix: string): Record<string, string> | null {
  const allowed = RICH_TEXT_TAGS[tag] ?? [];
  const kept: Record<string, string> = {};
  for (const [rawName, raw] of Object.entries(attributes)) {
    const name = rawName.toLowerCase();
    if (!allowed.includes(name) || name in kept) continue;
    const value = attributeValue(name, raw, apiPrefix);
    if (value !== null) kept[name] = value;
  }
  if (tag === 'img' && !kept.src) return null;
  if (tag === 'a' && kept.target) kept.rel = 'noopener noreferrer';
  return kept;
}
