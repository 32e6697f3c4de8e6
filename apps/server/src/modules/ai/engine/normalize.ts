/**
 * Text normalisation shared by the engine. `toHalfWidth` maps one character to one character, so an
 * index found in its output is also an index into the customer's own words (lead evidence is cut
 * from the original message with it); `normalizeForMatch` is only for comparing.
 */

/** Full-width forms (！ … ～, including ０-９ and Ａ-Ｚ) and the ideographic space → ASCII. */
export function toHalfWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E\u3000]/g, (c) =>
    c === '\u3000' ? ' ' : String.fromCharCode(c.charCodeAt(0) - 0xfee0),
  );
}

/** Half-width, lower-case, whitespace runs collapsed to one space, trimmed: the form rules and retrieval compare. */
export function normalizeForMatch(text: string): string {
  return toHalfWidth(text).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** CJK unified ideographs (basic block and extension A): what Chinese words are made of. */
const CJK = /[\u3400-\u4DBF\u4E00-\u9FFF]/;

export const isCjk = (c: string): boolean => CJK.test(c);

/** Sentence-ending punctuation a customer adds or leaves out without changing what is asked. */
export const TRAILING_PUNCTUATION = /[\s。！？!?.~～…]+$/u;
