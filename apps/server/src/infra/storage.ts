import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded and generated files live. Keys are relative, slash-separated paths
 * ("avatar/2026/04/18/x.png"); a key that could leave the storage root is refused.
 */
export interface FileStorage {
  save(key: string, data: Buffer): Promise<void>;
  /** A read stream and the byte size, or null when the file does not exist. */
  open(key: string): Promise<{ stream: ReadStream; size: number } | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Absolute path of the key inside the root, or null when the key is unsafe. */
  resolve(key: string): string | null;
}

/**
 * Validates a storage key: relative, no "..", no backslashes or NUL, no drive letters.
 * Decoding is the caller's job; this sees the final name.
 */
export function isSafeKey(key: string): boolean {
  if (key === '' || key.includes('\0') || key.includes('\\')) return false;
  if (key.startsWith('/') || /^[a-zA-Z]:/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '..' && segment !== '.');
}

export class LocalFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  resolve(key: string): string | null {
    if (!isSafeKey(key)) return null;
    const full = path.resolve(this.root, key);
    const rel = path.relative(this.root, full);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
    return full;
  }

  private mustResolve(key: string): string {
    const full = this.resolve(key);
    if (!full) throw new Error(`unsafe storage key: ${key}`);
    return full;
  }

  async save(key: string, data: Buffer): Promise<void> {
    const full = this.mustResolve(key);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, data);
  }

  async open(key: string): Promise<{ stream: ReadStream; size: number } | null> {
    const full = this.resolve(key);
    if (!full) return null;
    try {
      const s = await stat(full);
      if (!s.isFile()) return null;
      return { stream: createReadStream(full), size: s.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.mustResolve(key), { force: true });
  }
}

/** The storage behind `/profile/**` (config.uploadDir). */
export function uploadStorage(config: { uploadDir: string }): FileStorage {
  return new LocalFileStorage(config.uploadDir);
}

/** Files offered by GET /common/download: `<dataDir>/download/`. */
export function downloadStorage(config: { dataDir: string }): FileStorage {
  return new LocalFileStorage(path.join(config.dataDir, 'download'));
}
