import type { FastifyInstance } from 'fastify';
import { ServiceError } from './errors';

/**
 * PostgreSQL text cannot hold U+0000: such a value would fail in the database as an internal error,
 * so it is refused here for every route and every part of the request.
 */
const NUL = '\u0000';

export const ILLEGAL_CHARACTER_MESSAGE = '请求参数包含非法字符';

/** Whether any string (value or key) inside `input` contains NUL; iterative, so depth cannot overflow the stack. */
export function containsNul(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes(NUL)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes(NUL)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** Runs before validation and before the XSS filter, on the parsed query, path parameters and body. */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
      throw new ServiceError(ILLEGAL_CHARACTER_MESSAGE);
    }
  });
}
