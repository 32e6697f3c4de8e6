import { deflateSync } from 'node:zlib';

/** An RGB raster, row-major, three bytes per pixel. */
export interface Bitmap {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export type Rgb = readonly [number, number, number];

export function createBitmap(width: number, height: number, background: Rgb): Bitmap {
  const pixels = new Uint8Array(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set(background, i);
  return { width, height, pixels };
}

export function setPixel(bmp: Bitmap, x: number, y: number, color: Rgb): void {
  if (x < 0 || y < 0 || x >= bmp.width || y >= bmp.height) return;
  bmp.pixels.set(color, (Math.trunc(y) * bmp.width + Math.trunc(x)) * 3);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(typeAndData.length + 8);
  out.writeUInt32BE(data.length, 0);
  typeAndData.copy(out, 4);
  out.writeUInt32BE(crc32(typeAndData), typeAndData.length + 4);
  return out;
}

/** Truecolour 8-bit PNG without interlacing; every scanline uses filter 0 (none). */
export function encodePng(bmp: Bitmap): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(bmp.width, 0);
  header.writeUInt32BE(bmp.height, 4);
  header[8] = 8;
  header[9] = 2;
  const stride = bmp.width * 3;
  const raw = Buffer.alloc((stride + 1) * bmp.height);
  for (let y = 0; y < bmp.height; y++) {
    raw.set(bmp.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
