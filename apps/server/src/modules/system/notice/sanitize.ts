/**
 * Allow-list sanitiser for notice content. Notices are rich text written by administrators and shown as
 * HTML to every user, and the XSS body filter skips /system/notice, so the content is cleaned here before
 * it is stored. The output is rebuilt from tokens (never copied through), so browsers parse it the way it
 * was checked: only listed tags and attributes, safe URLs, a small style subset, balanced tags.
 */

/** Elements removed together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'noscript', 'noembed', 'template',
  'textarea', 'select', 'svg', 'math', 'title', 'xmp', 'head',
]);

const STYLED = ['style'];
const CELL = ['colspan', 'rowspan', 'style'];

/** Allowed elements and their allowed attributes; any other element is unwrapped (its text kept). */
const ALLOWED: Record<string, readonly string[]> = {
  p: STYLED, div: STYLED, span: STYLED, br: [], strong: [], b: [], em: [], i: [], u: [], s: [], strike: [], del: [],
  h1: STYLED, h2: STYLED, h3: STYLED, h4: STYLED,
  ul: [], ol: [], li: STYLED, blockquote: STYLED,
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  table: [], caption: [], thead: [], tbody: [], tfoot: [], tr: [], th: CELL, td: CELL,
};

const VOID = new Set(['br', 'img']);

/** `color` / `background-color` values: hex, rgb(a) or a colour keyword; nothing that can load or run anything. */
const COLOR_VALUE = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.\s,%/]+\)|[a-z]{3,20})$/i;
const STYLE_RULES: Record<string, RegExp> = {
  color: COLOR_VALUE,
  'background-color': COLOR_VALUE,
  'text-align': /^(left|right|center|justify|start|end)$/i,
};

const SIZE = /^\d{1,4}(px|%)?$/;
const SPAN = /^\d{1,3}$/;
const LINK_URL = /^(https?:\/\/|mailto:)/i;
const IMAGE_URL = /^https?:\/\//i;

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)(?=[\s/>])((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n', sol: '/', lpar: '(', rpar: ')',
};

/** Decodes the entities an attribute value may hide a scheme behind (`&#106;avascript:`, `&colon;`). */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const escapeText = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Browsers ignore control characters and whitespace inside a scheme (`java\tscript:`). */
const compactUrl = (url: string) => url.replace(/[\s\p{Cc}]/gu, '');

function cleanStyle(value: string): string | null {
  const kept: string[] = [];
  for (const declaration of value.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const propertyValue = declaration.slice(colon + 1).trim();
    if (STYLE_RULES[property]?.test(propertyValue)) kept.push(`${property}: ${propertyValue}`);
  }
  return kept.length ? kept.join('; ') : null;
}

export interface SanitizeOptions {
  /** API prefix under which uploaded files are served (`/prod-api`): `<prefix>/profile/…` images are allowed. */
  apiPrefix: string;
}

function cleanAttribute(name: string, raw: string, opts: SanitizeOptions): string | null {
  const value = decodeEntities(raw).trim();
  switch (name) {
    case 'href':
      return LINK_URL.test(compactUrl(value)) ? value : null;
    case 'src': {
      const url = compactUrl(value);
      const uploaded = url.startsWith('/profile/') || url.startsWith(`${opts.apiPrefix}/profile/`);
      return IMAGE_URL.test(url) || uploaded ? value : null;
    }
    case 'style':
      return cleanStyle(value);
    case 'target':
      return value === '_blank' ? value : null;
    case 'width':
    case 'height':
      return SIZE.test(value) ? value : null;
    case 'colspan':
    case 'rowspan':
      return SPAN.test(value) ? value : null;
    default:
      return value;
  }
}

/** The rebuilt opening tag, or null when the element cannot stay (an image without a usable source). */
function openingTag(tag: string, attributeText: string, opts: SanitizeOptions): string | null {
  const kept = new Map<string, string>();
  for (const [, rawName, dq, sq, bare] of attributeText.matchAll(ATTRIBUTE)) {
    const name = rawName.toLowerCase();
    if (!ALLOWED[tag].includes(name) || kept.has(name)) continue;
    const value = cleanAttribute(name, dq ?? sq ?? bare ?? '', opts);
    if (value !== null) kept.set(name, value);
  }
  if (tag === 'img' && !kept.has('src')) return null;
  if (tag === 'a' && kept.has('target')) kept.set('rel', 'noopener noreferrer');
  const attributes = [...kept].map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
  return `<${tag}${attributes}>`;
}

/** Index just past the end of a dropped element (its closing tag), or the end of the input. */
function skipElement(html: string, tag: string, from: number): number {
  const close = new RegExp(`</${tag}[\\s>/]`, 'ig');
  close.lastIndex = from;
  const found = close.exec(html);
  if (!found) return html.length;
  const end = html.indexOf('>', found.index);
  return end < 0 ? html.length : end + 1;
}

export function sanitizeNoticeHtml(html: string, opts: SanitizeOptions): string {
  const input = html.replaceAll('\0', '');
  const out: string[] = [];
  const open: string[] = [];
  let i = 0;
  while (i < input.length) {
    const lt = input.indexOf('<', i);
    if (lt < 0) {
      out.push(escapeText(input.slice(i)));
      break;
    }
    out.push(escapeText(input.slice(i, lt)));
    if (input.startsWith('<!--', lt)) {
      const end = input.indexOf('-->', lt + 4);
      i = end < 0 ? input.length : end + 3;
      continue;
    }
    if (input[lt + 1] === '!' || input[lt + 1] === '?') {
      const end = input.indexOf('>', lt);
      i = end < 0 ? input.length : end + 1;
      continue;
    }
    TAG.lastIndex = lt;
    const match = TAG.exec(input);
    if (!match) {
      out.push('&lt;');
      i = lt + 1;
      continue;
    }
    i = TAG.lastIndex;
    const [whole, slash, rawTag, attributeText] = match;
    const tag = rawTag.toLowerCase();
    const closing = slash === '/';
    if (DROP_WITH_CONTENT.has(tag)) {
      if (!closing && !whole.endsWith('/>')) i = skipElement(input, tag, i);
      continue;
    }
    if (!(tag in ALLOWED)) continue;
    if (closing) {
      const at = open.lastIndexOf(tag);
      if (at < 0) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    const rebuilt = openingTag(tag, attributeText, opts);
    if (rebuilt === null) continue;
    out.push(rebuilt);
    if (!VOID.has(tag)) open.push(tag);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}
