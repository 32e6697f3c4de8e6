import { expect } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** A multipart/form-data body as a browser's FormData would send it. */
export async function multipart(files: { field: string; filename: string; data: Buffer }[]) {
  const form = new FormData();
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.data)]), f.filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

/** Envelope-returning inject: asserts HTTP 200 (the contract reports failures in `code`). */
export async function call<T = Record<string, unknown>>(app: FastifyInstance, opts: InjectOptions): Promise<T & { code: number; msg: string }> {
  const res = await app.inject(opts);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Polls until the check passes (operation logs are written after the response is sent). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 3000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
