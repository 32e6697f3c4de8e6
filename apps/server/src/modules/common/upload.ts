import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ServiceError } from '../../core/errors';
import { formatDateTime } from '../../core/time';
import { uploadStorage } from '../../infra/storage';
import type { AppDeps } from '../../app';
import { contentMatchesExtension, DEFAULT_ALLOWED_EXTENSIONS, extensionOf, IMAGE_EXTENSIONS } from './file-types';

const KB = 1024;
const MB = 1024 * KB;
/** Per-file ceiling of the multipart parser (contract §5.10); routes may pass a smaller one. */
export const MAX_FILE_BYTES = 10 * MB;
export const MAX_AVATAR_BYTES = 5 * MB;
const MAX_FILENAME_LENGTH = 100;
/** Files one multi-file upload takes; with the per-file size this bounds what one request can hold. */
export const MAX_FILES_PER_REQUEST = 10;
/** Upload forms carry files; text fields are at most a few words, so they never get the default 1 MB each. */
const MAX_FIELD_BYTES = 64 * KB;
/** URL prefix under which uploadDir is served (below the API prefix). */
export const PROFILE_PREFIX = '/profile/';

export interface UploadRule {
  allowed: readonly string[];
  maxBytes: number;
}

export const GENERAL_UPLOAD: UploadRule = { allowed: DEFAULT_ALLOWED_EXTENSIONS, maxBytes: MAX_FILE_BYTES };
export const IMAGE_UPLOAD: UploadRule = { allowed: IMAGE_EXTENSIONS, maxBytes: MAX_AVATAR_BYTES };

export interface IncomingFile {
  originalFilename: string;
  ext: string;
  data: Buffer;
}

/** Registers the multipart parser on the root; each read passes its own per-file limit. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, fieldSize: MAX_FIELD_BYTES, files: 20, fields: 50, parts: 100 } });
}

const sizeMessage = (maxBytes: number) =>
  `上传的文件大小超出限制的文件大小！<br/>允许的文件最大大小是：${Math.round(maxBytes / MB)}MB！`;

const extensionMessage = (name: string, ext: string, allowed: readonly string[]) =>
  `文件[${name}]后缀[${ext}]不正确，请上传[${allowed.join(', ')}]格式`;

function checkFile(file: IncomingFile, rule: UploadRule): void {
  if (file.originalFilename.length > MAX_FILENAME_LENGTH) throw new ServiceError('上传的文件名最长100个字符');
  if (!rule.allowed.includes(file.ext) || !contentMatchesExtension(file.ext, file.data)) {
    throw new ServiceError(extensionMessage(file.originalFilename, file.ext, rule.allowed));
  }
}

/**
 * Reads the files of one multipart field, enforcing the rule's size and type on the server. At most
 * `maxFiles` files are held in memory; parts of other fields are drained unread.
 * `files[]` is accepted for `files` because browsers' FormData conventions differ.
 */
export async function readFiles(request: FastifyRequest, field: string, rule: UploadRule, maxFiles = MAX_FILES_PER_REQUEST): Promise<IncomingFile[]> {
  if (!request.isMultipart()) throw new ServiceError('请选择要上传的文件');
  const files: IncomingFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: rule.maxBytes } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field && part.fieldname !== `${field}[]`) {
        part.file.resume();
        continue;
      }
      if (files.length === maxFiles) throw new ServiceError(`上传的文件数量超出限制，最多${maxFiles}个`);
      const data = await part.toBuffer();
      const file = { originalFilename: part.filename, ext: extensionOf(part.filename), data };
      checkFile(file, rule);
      files.push(file);
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ServiceError(sizeMessage(rule.maxBytes));
    throw err;
  }
  if (files.length === 0) throw new ServiceError('请选择要上传的文件');
  return files;
}

export async function readFile(request: FastifyRequest, field: string, rule: UploadRule): Promise<IncomingFile> {
  const [first] = await readFiles(request, field, rule, 1);
  return first;
}

let sequence = 0;
/** Upstream's rolling three-digit upload sequence (001–999), unique within a second per process. */
const nextSequence = () => String((sequence = (sequence % 999) + 1)).padStart(3, '0');

/** yyyy/MM/dd and yyyyMMddHHmmss of an instant in GMT+8. */
function dateParts(at: number) {
  const [day, time] = formatDateTime(new Date(at)).split(' ');
  return { dir: day.replace(/-/g, '/'), stamp: day.replace(/-/g, '') + time.replace(/:/g, '') };
}

/** Keeps the original base name readable while making it safe inside a path and a URL. */
function safeBaseName(originalFilename: string): string {
  const name = originalFilename.slice(originalFilename.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return base.replace(/[\\/:*?"<>|#%&+\s]/g, '_') || 'file';
}

export interface StoredFile {
  /** Public path without the API prefix, e.g. /profile/upload/2026/04/18/a_20260418123045A001.png */
  fileName: string;
  newFileName: string;
  originalFilename: string;
}

async function store(deps: Pick<AppDeps, 'config'>, key: string, file: IncomingFile): Promise<StoredFile> {
  await uploadStorage(deps.config).save(key, file.data);
  return { fileName: PROFILE_PREFIX + key, newFileName: key.slice(key.lastIndexOf('/') + 1), originalFilename: file.originalFilename };
}

/** `upload/yyyy/MM/dd/<name>_<yyyyMMddHHmmss>A<seq>.<ext>` */
export function storeUpload(deps: Pick<AppDeps, 'config' | 'now'>, file: IncomingFile): Promise<StoredFile> {
  const { dir, stamp } = dateParts(deps.now());
  return store(deps, `upload/${dir}/${safeBaseName(file.originalFilename)}_${stamp}A${nextSequence()}.${file.ext}`, file);
}

/** `avatar/yyyy/MM/dd/<uuid32>.<ext>` */
export function storeAvatar(deps: Pick<AppDeps, 'config' | 'now'>, file: IncomingFile): Promise<StoredFile> {
  const { dir } = dateParts(deps.now());
  return store(deps, `avatar/${dir}/${randomUUID().replace(/-/g, '')}.${file.ext}`, file);
}

/** Storage key of a public /profile/… path, or null when the path is not one. */
export function profileKey(publicPath: string): string | null {
  return publicPath.startsWith(PROFILE_PREFIX) ? publicPath.slice(PROFILE_PREFIX.length) : null;
}

/** Deletes a stored file named by its public /profile/… path; other values (empty, external URLs) are left alone. */
export async function deleteProfileFile(deps: Pick<AppDeps, 'config'>, publicPath: string): Promise<void> {
  const key = profileKey(publicPath);
  const storage = uploadStorage(deps.config);
  if (key !== null && storage.resolve(key)) await storage.delete(key);
}

/** Absolute URL of a stored file as served by this API (upload responses' `url`). */
export function publicUrl(request: FastifyRequest, apiPrefix: string, fileName: string): string {
  return `${request.protocol}://${request.host}${apiPrefix}${fileName}`;
}
