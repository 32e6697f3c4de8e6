import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';

/**
 * Reads a ZIP archive held in memory (an uploaded .xlsx) without trusting it. The central directory is
 * checked against the limits before anything is inflated; then each entry is inflated as a stream whose
 * reader never sees more than the size its directory record declared, so an archive that lies about
 * its sizes gets no further than one that tells the truth. Only the entries asked for are inflated.
 */

export type ZipFailure = 'invalid' | 'too-large';

export class ZipError extends Error {
  constructor(
    readonly reason: ZipFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface ZipLimits {
  maxEntries: number;
  /** Declared inflated size of one entry. */
  maxEntryBytes: number;
  /** Declared inflated size of all entries together. */
  maxTotalBytes: number;
  /** Inflated ÷ compressed size allowed for an entry larger than ratioFloorBytes. */
  maxRatio: number;
  ratioFloorBytes: number;
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** Inflated size as declared: the reader of the entry never gets more. */
  size: number;
  /** Where the entry's compressed bytes start in the archive. */
  dataOffset: number;
}

const STORED = 0;
const DEFLATED = 8;
const FLAG_ENCRYPTED = 0x1;
const END_SIGNATURE = 0x06054b50;
const END_LENGTH = 22;
const MAX_COMMENT = 0xffff;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_END_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const CENTRAL_LENGTH = 46;
const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_LENGTH = 30;
const ZIP64_EXTRA = 0x0001;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;
const STORED_CHUNK = 64 * 1024;

const invalid = (why: string) => new ZipError('invalid', why);
const tooLarge = (why: string) => new ZipError('too-large', why);

/** Reads that throw 'invalid' instead of RangeError when a record runs past the end. */
function reader(data: Buffer) {
  const within = (at: number, length: number) => {
    if (at < 0 || at + length > data.length) throw invalid('record outside the archive');
  };
  return {
    u16: (at: number) => (within(at, 2), data.readUInt16LE(at)),
    u32: (at: number) => (within(at, 4), data.readUInt32LE(at)),
    u64: (at: number) => {
      within(at, 8);
      const value = data.readBigUInt64LE(at);
      if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw invalid('zip64 value out of range');
      return Number(value);
    },
    within,
  };
}

type Reader = ReturnType<typeof reader>;

interface Directory {
  count: number;
  offset: number;
  size: number;
}

function findEndRecord(data: Buffer): number {
  const stop = Math.max(0, data.length - END_LENGTH - MAX_COMMENT);
  for (let at = data.length - END_LENGTH; at >= stop; at--) {
    if (data.readUInt32LE(at) === END_SIGNATURE) return at;
  }
  throw invalid('no end of central directory');
}

function directoryOf(data: Buffer, r: Reader): Directory {
  const end = findEndRecord(data);
  const count = r.u16(end + 10);
  const size = r.u32(end + 12);
  const offset = r.u32(end + 16);
  if (count !== U16_MAX && size !== U32_MAX && offset !== U32_MAX) {
    if (r.u16(end + 4) !== 0 || r.u16(end + 6) !== 0 || r.u16(end + 8) !== count) throw invalid('multi-disk archive');
    return { count, size, offset };
  }
  const locator = end - 20;
  if (r.u32(locator) !== ZIP64_LOCATOR_SIGNATURE) throw invalid('no zip64 locator');
  const end64 = r.u64(locator + 8);
  if (r.u32(end64) !== ZIP64_END_SIGNATURE) throw invalid('no zip64 end record');
  return { count: r.u64(end64 + 32), size: r.u64(end64 + 40), offset: r.u64(end64 + 48) };
}

/** Sizes and offset that overflow 32 bits are in the zip64 extra field, in this order, when marked. */
function applyZip64(extra: Buffer, fields: { size: number; compressedSize: number; localOffset: number }) {
  const r = reader(extra);
  for (let at = 0; at + 4 <= extra.length; at += 4 + r.u16(at + 2)) {
    if (r.u16(at) !== ZIP64_EXTRA) continue;
    let field = at + 4;
    for (const key of ['size', 'compressedSize', 'localOffset'] as const) {
      if (fields[key] !== U32_MAX) continue;
      fields[key] = r.u64(field);
      field += 8;
    }
    return;
  }
  throw invalid('zip64 sizes without their extra field');
}

/** What the limits allow an entry of this compressed size to inflate to. */
const allowedSize = (entry: ZipEntry, limits: ZipLimits) =>
  Math.min(limits.maxEntryBytes, Math.max(limits.ratioFloorBytes, entry.compressedSize * limits.maxRatio));

function checkLimits(entries: ZipEntry[], limits: ZipLimits) {
  let total = 0;
  for (const e of entries) {
    total += e.size;
    if (e.size > allowedSize(e, limits)) throw tooLarge(`${e.name} declares ${e.size} bytes from ${e.compressedSize}`);
    if (total > limits.maxTotalBytes) throw tooLarge(`entries inflate to more than ${limits.maxTotalBytes} bytes`);
  }
}

function readDirectory(data: Buffer, limits: ZipLimits): Map<string, ZipEntry> {
  const r = reader(data);
  const dir = directoryOf(data, r);
  if (dir.count > limits.maxEntries) throw tooLarge(`${dir.count} entries`);
  r.within(dir.offset, dir.size);
  const entries = new Map<string, ZipEntry>();
  let at = dir.offset;
  for (let i = 0; i < dir.count; i++) {
    if (at + CENTRAL_LENGTH > dir.offset + dir.size || r.u32(at) !== CENTRAL_SIGNATURE) throw invalid('broken central directory');
    const flags = r.u16(at + 8);
    const method = r.u16(at + 10);
    const nameLength = r.u16(at + 28);
    const extraLength = r.u16(at + 30);
    r.within(at + CENTRAL_LENGTH, nameLength + extraLength);
    const name = data.toString('utf8', at + CENTRAL_LENGTH, at + CENTRAL_LENGTH + nameLength);
    const fields = { compressedSize: r.u32(at + 20), size: r.u32(at + 24), localOffset: r.u32(at + 42) };
    if (Object.values(fields).includes(U32_MAX)) {
      const extraStart = at + CENTRAL_LENGTH + nameLength;
      applyZip64(data.subarray(extraStart, extraStart + extraLength), fields);
    }
    at += CENTRAL_LENGTH + nameLength + extraLength + r.u16(at + 32);
    if (flags & FLAG_ENCRYPTED) throw invalid('encrypted entry');
    if (method !== STORED && method !== DEFLATED) throw invalid(`compression method ${method}`);
    if (method === STORED && fields.size !== fields.compressedSize) throw invalid('stored entry with two sizes');
    if (entries.has(name)) throw invalid(`duplicate entry ${name}`);
    const local = fields.localOffset;
    if (r.u32(local) !== LOCAL_SIGNATURE) throw invalid('broken local header');
    const dataOffset = local + LOCAL_LENGTH + r.u16(local + 26) + r.u16(local + 28);
    if (dataOffset + fields.compressedSize > dir.offset) throw invalid(`${name} overlaps the directory`);
    entries.set(name, { name, method, compressedSize: fields.compressedSize, size: fields.size, dataOffset });
  }
  checkLimits([...entries.values()], limits);
  return entries;
}

async function* inflateText(data: Buffer, entry: ZipEntry, limits: ZipLimits): AsyncGenerator<string> {
  const compressed = data.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  const decoder = new StringDecoder('utf8');
  if (entry.method === STORED) {
    for (let at = 0; at < compressed.length; at += STORED_CHUNK) yield decoder.write(compressed.subarray(at, at + STORED_CHUNK));
  } else {
    const inflater = createInflateRaw();
    inflater.end(compressed);
    let inflated = 0;
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        // Past its declared size an entry either lies to get past the limits or is corrupt: the rest is
        // counted and dropped to tell which, 'too-large' once it passes what the limits allow it.
        if (inflated > allowedSize(entry, limits)) throw tooLarge(`${entry.name} inflates past ${inflated} bytes`);
        if (inflated <= entry.size) yield decoder.write(chunk);
      }
    } catch (err) {
      throw err instanceof ZipError ? err : invalid(`${entry.name}: ${(err as Error).message}`);
    } finally {
      inflater.destroy();
    }
    if (inflated > entry.size) throw invalid(`${entry.name} inflates to more than its declared ${entry.size} bytes`);
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

export interface ZipArchive {
  has(name: string): boolean;
  /**
   * The entry's content as UTF-8 text in chunks (a character split between chunks is kept whole). At
   * most one chunk is held at a time; stopping the iteration stops the inflation. A missing entry is
   * 'invalid'.
   */
  text(name: string): AsyncGenerator<string>;
}

/**
 * The archive, once its directory passed the limits. Anything that is not a plain, unencrypted ZIP of
 * stored or deflated entries (duplicate names, records outside the file, entry data overlapping the
 * directory) is 'invalid'.
 */
export function openZip(data: Buffer, limits: ZipLimits): ZipArchive {
  const entries = readDirectory(data, limits);
  return {
    has: (name) => entries.has(name),
    text(name) {
      const entry = entries.get(name);
      if (!entry) throw invalid(`no entry ${name}`);
      return inflateText(data, entry, limits);
    },
  };
}
