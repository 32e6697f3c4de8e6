/** A stored file's path as a request names it (date folders, a name of at most 100 characters, a suffix). */
export const FILE_PATH_MAX = 255;

/**
 * The upload allow-list of contract §5.10 with the content type each is served with.
 * Nothing a browser would run as a page (html, svg, js) is in it.
 */
export const CONTENT_TYPES: Record<string, string> = {
  bmp: 'image/bmp',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  rar: 'application/vnd.rar',
  zip: 'application/zip',
  gz: 'application/gzip',
  bz2: 'application/x-bzip2',
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
  rmvb: 'application/vnd.rn-realmedia-vbr',
  pdf: 'application/pdf',
};

export const DEFAULT_ALLOWED_EXTENSIONS: readonly string[] = Object.keys(CONTENT_TYPES);
export const IMAGE_EXTENSIONS: readonly string[] = ['bmp', 'gif', 'jpg', 'jpeg', 'png'];

/** Lower-case extension without the dot; "" when the name has none. */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

const startsWith = (data: Buffer, bytes: number[]) => data.length >= bytes.length && bytes.every((b, i) => data[i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const IMAGE_SIGNATURES: Record<string, (data: Buffer) => boolean> = {
  png: (d) => startsWith(d, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (d) => startsWith(d, [0xff, 0xd8, 0xff]),
  jpeg: (d) => startsWith(d, [0xff, 0xd8, 0xff]),
  gif: (d) => startsWith(d, ascii('GIF87a')) || startsWith(d, ascii('GIF89a')),
  bmp: (d) => startsWith(d, ascii('BM')),
};

/**
 * Images are shown inline by browsers, so their bytes must match their extension;
 * other allowed types are only ever served with their fixed type and nosniff.
 */
export function contentMatchesExtension(ext: string, data: Buffer): boolean {
  const check = IMAGE_SIGNATURES[ext];
  return check ? check(data) : true;
}
