/**
 * Allow-list HTML sanitiser for notice content (rich text written by administrators, shown to everyone).
 * Unknown elements are unwrapped, dangerous ones dropped with their content, and only harmless attributes
 * with safe URLs survive.
 */
const DROP = new Set(['script', 'style', 'iframe', 'object', 'embed', 'link', 'meta', 'base', 'form', 'input', 'button', 'textarea', 'select', 'template', 'svg', 'math', 'noscript', 'frame', 'frameset']);
const ALLOWED = new Set([
  'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'sub', 'sup', 'span', 'div', 'font', 'small', 'big', 'mark',
  'ul', 'ol', 'li', 'a', 'img', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'hr',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
]);
const ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'class', 'style', 'width', 'height', 'align', 'colspan', 'rowspan', 'color', 'size', 'target']);
const SAFE_URL = /^(https?:|mailto:|tel:|\/|#|data:image\/(png|jpe?g|gif|webp);)/i;
const UNSAFE_STYLE = /expression|url\s*\(|javascript:|@import|behavior/i;

function cleanAttributes(el: Element): void {
  for (const attr of [...el.attributes]) {
    const name = attr.name.toLowerCase();
    const value = attr.value.trim();
    const keep =
      ATTRIBUTES.has(name) &&
      (name === 'href' || name === 'src' ? SAFE_URL.test(value) || !/^[a-z][a-z0-9+.-]*:/i.test(value) : true) &&
      (name !== 'style' || !UNSAFE_STYLE.test(value));
    if (!keep) el.removeAttribute(attr.name);
  }
  if (el.tagName === 'A' && el.getAttribute('target')) el.setAttribute('rel', 'noopener noreferrer');
}

function cleanChildren(parent: Node): void {
  for (const child of [...parent.childNodes]) {
    if (child.nodeType === Node.COMMENT_NODE) {
      child.remove();
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (DROP.has(tag)) {
      el.remove();
      continue;
    }
    cleanChildren(el);
    if (ALLOWED.has(tag)) cleanAttributes(el);
    else el.replaceWith(...el.childNodes);
  }
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  cleanChildren(doc.body);
  return doc.body.innerHTML;
}
