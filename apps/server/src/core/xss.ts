import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The @Xss rule: anything that looks like a tag (`<tag …>` or `<… />`). */
const HTML_LIKE = /<(\S*?)[^>]*>.*?|<.*? \/>/;

export function containsHtml(value: string): boolean {
  return HTML_LIKE.test(value);
}

/**
 * Zod check for @Xss fields; blank values pass.
 * Usage: `z.string().max(30, '…').check(noHtml('用户昵称不能包含脚本字符'))`.
 */
export function noHtml(message: string) {
  return z.refine<string>((value) => value.trim() === '' || !containsHtml(value), message);
}

const COMMENT = /<!--[\s\S]*?(-->|$)/g;
const TAG = /<\/?[a-zA-Z!?][^>]*(>|$)/g;

/** Removes every tag (no tag is allowed), escapes stray angle brackets and trims. */
export function sanitizeHtml(value: string): string {
  return value.replace(COMMENT, '').replace(TAG, '').replace(/</g, '&lt;').replace(/>/g, '&gt;').trim();
}

/** Secrets keep exactly what the user typed: sanitizing them would make the password unusable. */
export const SENSITIVE_KEYS = new Set(['password', 'oldPassword', 'newPassword', 'confirmPassword', 'apiKey', 'clientSecret']);

function sanitizeValue(value: unknown): unknown {
  if (typeof value === 'string') return sanitizeHtml(value);
  if (Array.isArray(value)) return value.map(sanitizeValue);
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SENSITIVE_KEYS.has(k) ? v : sanitizeValue(v);
    return out;
  }
  return value;
}

/** Path prefixes (below the API prefix) that the filter covers, and the rich-text exception. */
const COVERED = ['/system/', '/monitor/', '/tool/'];
const EXEMPT = ['/system/notice'];

export function isXssCovered(apiPrefix: string, request: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  if (request.method === 'GET' || request.method === 'DELETE' || request.method === 'HEAD') return false;
  const path = request.url.split('?')[0];
  if (!path.startsWith(apiPrefix + '/')) return false;
  const rest = path.slice(apiPrefix.length);
  return COVERED.some((p) => rest.startsWith(p)) && !EXEMPT.some((p) => rest.startsWith(p));
}

/**
 * Sanitizes string leaves of parsed bodies and query values before validation
 * (per value rather than on the raw text, so JSON containing `<` stays valid JSON).
 */
export function registerXssFilter(app: FastifyInstance): void {
  const prefix = app.deps.config.apiPrefix;
  app.addHook('preValidation', async (request) => {
    if (!isXssCovered(prefix, request)) return;
    if (request.body !== null && typeof request.body === 'object') request.body = sanitizeValue(request.body);
    if (request.query !== null && typeof request.query === 'object') request.query = sanitizeValue(request.query);
  });
}
