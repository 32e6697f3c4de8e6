import { once } from 'node:events';
import type { FastifyReply } from 'fastify';
import { ServiceError } from '../../core/errors';
import type { FileStorage } from '../../infra/storage';
import { DEFAULT_ALLOWED_EXTENSIONS, extensionOf } from './file-types';

/**
 * Upstream's checkAllowDownload (no "..", allow-listed extension) plus our own containment check:
 * the storage key must resolve inside the storage root. Returns the key.
 */
export function downloadableKey(storage: FileStorage, name: string, key: string | null): string {
  const allowed = !name.includes('..') && DEFAULT_ALLOWED_EXTENSIONS.includes(extensionOf(name));
  if (!allowed || key === null || !storage.resolve(key)) throw new ServiceError(`文件名称(${name})非法，不允许下载。 `);
  return key;
}

/**
 * Streams a stored file as an attachment with the headers the client's download helper reads.
 * With `deleteAfter`, the file is unlinked once opened (the open descriptor keeps the bytes readable).
 */
export async function sendAttachment(
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  downloadName: string,
  opts: { deleteAfter?: boolean; displayName: string },
): Promise<FastifyReply> {
  const opened = await storage.open(key);
  if (!opened) throw new ServiceError(`文件(${opts.displayName})不存在`);
  if (opts.deleteAfter) {
    await once(opened.stream, 'open');
    await storage.delete(key);
  }
  const encoded = encodeURIComponent(downloadName);
  return reply
    .header('Content-Type', 'application/octet-stream')
    .header('Content-Length', opened.size)
    .header('Content-Disposition', `attachment; filename=${encoded};filename*=utf-8''${encoded}`)
    .header('download-filename', encoded)
    .header('Access-Control-Expose-Headers', 'Content-Disposition,download-filename')
    .send(opened.stream);
}
