/** Client-side upload checks of spec §5; each returns the message to show, or null when the file passes. */

export const UPLOAD_FAILED = '上传文件失败';

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function allowedExtension(name: string, types: readonly string[]): boolean {
  const ext = fileExtension(name);
  return types.some((t) => t.toLowerCase() === ext);
}

export function checkFileType(name: string, types: readonly string[]): string | null {
  if (types.length === 0 || allowedExtension(name, types)) return null;
  return `文件格式不正确，请上传${types.join('/')}格式文件!`;
}

/** Images pass on either the MIME subtype or the extension; without a list any image/* passes. */
export function checkImageType(file: { name: string; type: string }, types: readonly string[]): string | null {
  const ok =
    types.length === 0
      ? file.type.startsWith('image/')
      : allowedExtension(file.name, types) || types.some((t) => file.type.toLowerCase() === `image/${t.toLowerCase()}`);
  return ok ? null : `文件格式不正确，请上传${types.join('/')}图片格式文件!`;
}

function withinSize(bytes: number, limitMb: number): boolean {
  return bytes / 1024 / 1024 < limitMb;
}

export function checkFileSize(bytes: number, limitMb: number): string | null {
  return withinSize(bytes, limitMb) ? null : `上传文件大小不能超过 ${limitMb} MB!`;
}

export function checkImageSize(bytes: number, limitMb: number): string | null {
  return withinSize(bytes, limitMb) ? null : `上传头像图片大小不能超过 ${limitMb} MB!`;
}

/** `existing` files already in the value plus the `adding` ones picked now must stay within the limit. */
export function checkCount(existing: number, adding: number, limit: number): string | null {
  return existing + adding > limit ? `上传文件数量不能超过 ${limit} 个!` : null;
}

export function uploadTip(sizeMb: number, types: readonly string[]): string {
  const parts = ['请上传'];
  if (sizeMb) parts.push(`大小不超过 ${sizeMb}MB`);
  if (types.length) parts.push(`格式为 ${types.join('/')}`);
  return `${parts.join(' ')} 的文件`;
}
