import { posix } from 'node:path';
import { SaxesParser } from 'saxes';
import { openZip, ZipError, type ZipArchive, type ZipLimits } from '../../infra/zip';
import { ServiceError } from '../errors';

export const ExcelMessage = {
  BOMB: '文件解压后过大，可能是压缩炸弹，已拒绝导入',
  INVALID: '文件不是有效的Excel文件',
  LEGACY_XLS: '不支持旧版Excel（.xls）文件，请另存为.xlsx后导入',
  tooManyRows: (max: number) => `导入数据不能超过${max}行`,
} as const;

const MB = 1024 * 1024;
/**
 * What an uploaded workbook may declare. A workbook of a few sheets has a dozen or two parts, so 1,000
 * entries is generous. A 5,000-row import is a few MB of sheet XML (shared strings included); 50 MB per
 * part and 100 MB for all parts leave room for long answers and embedded pictures while keeping what
 * one import can make the server inflate bounded. XML deflates about 5–20:1; Apache POI, which RuoYi
 * imports through, refuses entries past 100:1 by default, and so do we for parts over 1 MB (smaller ones
 * cannot cost much whatever their ratio).
 */
const XLSX_LIMITS: ZipLimits = { maxEntries: 1000, maxEntryBytes: 50 * MB, maxTotalBytes: 100 * MB, maxRatio: 100, ratioFloorBytes: MB };
/** Excel's own sheet bounds; a reference past them is not from a spreadsheet. */
const MAX_COLUMN = 16_384;
const MAX_ROW = 1_048_576;
/** The compound-file signature of the pre-2007 .xls format, which only the extension allow-list lets in. */
const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export type SheetRow = Record<string, string>;

const invalidFile = () => new ServiceError(ExcelMessage.INVALID);

interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

/** Element names without their namespace prefix: some writers spell SpreadsheetML as <x:row>. */
const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

/**
 * SAX over the chunks, so a part is never held whole. A handler that throws stops the parse and the
 * inflation feeding it. No part of a workbook has a DOCTYPE; refusing one rules out entity tricks.
 */
async function walkXml(chunks: AsyncIterable<string>, on: XmlHandlers): Promise<void> {
  const parser = new SaxesParser();
  parser.on('error', () => {
    throw invalidFile();
  });
  parser.on('doctype', () => {
    throw invalidFile();
  });
  if (on.open) {
    const open = on.open;
    // Without xmlns processing saxes gives attribute values as plain strings.
    parser.on('opentag', (tag) => open(localName(tag.name), tag.attributes as Record<string, string>));
  }
  if (on.text) {
    parser.on('text', on.text);
    parser.on('cdata', on.text);
  }
  if (on.close) {
    const close = on.close;
    parser.on('closetag', (tag) => close(localName(tag.name)));
  }
  for await (const chunk of chunks) parser.write(chunk);
  parser.close();
}

/** The text of a string item (<si> or <is>): its <t> runs, without the phonetic guide (<rPh>). */
function stringItem() {
  let text = '';
  let inText = false;
  let phonetic = 0;
  return {
    open(name: string) {
      if (name === 'rPh') phonetic++;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    text(value: string) {
      if (inText) text += value;
    },
    close(name: string) {
      if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    take() {
      const value = text;
      text = '';
      return value;
    },
  };
}

interface Parts {
  sheet: string;
  sharedStrings?: string;
}

/** A relationship target as a part name: relative to xl/, or absolute from the package root. */
const partName = (target: string) => (target.startsWith('/') ? target.slice(1) : posix.normalize(`xl/${target}`));

/** The first sheet in the workbook's order and the shared strings, through the workbook's relationships. */
async function findParts(zip: ZipArchive): Promise<Parts> {
  let firstSheetId: string | undefined;
  await walkXml(zip.text('xl/workbook.xml'), {
    open(name, attributes) {
      if (name !== 'sheet' || firstSheetId !== undefined) return;
      firstSheetId = Object.entries(attributes).find(([key]) => key.endsWith(':id'))?.[1];
    },
  });
  const targets = new Map<string, string>();
  let sharedStrings: string | undefined;
  await walkXml(zip.text('xl/_rels/workbook.xml.rels'), {
    open(name, { Id, Type, Target }) {
      if (name !== 'Relationship' || !Id || !Target) return;
      targets.set(Id, partName(Target));
      if (Type?.endsWith('/sharedStrings')) sharedStrings = partName(Target);
    },
  });
  const sheet = firstSheetId === undefined ? undefined : targets.get(firstSheetId);
  if (sheet === undefined || !zip.has(sheet)) throw invalidFile();
  return { sheet, sharedStrings: sharedStrings !== undefined && zip.has(sharedStrings) ? sharedStrings : undefined };
}

async function readSharedStrings(chunks: AsyncIterable<string>): Promise<string[]> {
  const strings: string[] = [];
  const item = stringItem();
  await walkXml(chunks, {
    open: (name) => (name === 'si' ? item.take() : item.open(name)),
    text: item.text,
    close: (name) => (name === 'si' ? strings.push(item.take()) : item.close(name)),
  });
  return strings;
}

function bounded(value: number, max: number): number {
  if (!Number.isSafeInteger(value) || value < 1 || value > max) throw invalidFile();
  return value;
}

/** Column number of a cell reference (B7 → 2). */
function columnOf(ref: string): number {
  const letters = /^([A-Z]{1,3})\d+$/.exec(ref)?.[1];
  if (!letters) throw invalidFile();
  return bounded([...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0), MAX_COLUMN);
}

interface Cell {
  type: string;
  value: string;
}

/** A cell as the text a user sees for it; dates come as Excel's day numbers (no import column is a date). */
function cellText(cell: Cell, inline: string, shared: string[]): string {
  switch (cell.type) {
    case 's':
      return shared[Number(cell.value)] ?? '';
    case 'inlineStr':
      return inline;
    case 'b':
      return cell.value === '1' ? 'true' : 'false';
    case 'n': {
      const n = Number(cell.value);
      return cell.value !== '' && Number.isFinite(n) ? String(n) : cell.value;
    }
    default:
      return cell.value;
  }
}

/**
 * Row 1 gives the titles; each later row with any text becomes an object keyed by title. Past
 * `maxRows` such rows the parse stops there with the row-limit message.
 */
async function readRows(chunks: AsyncIterable<string>, shared: string[], maxRows: number): Promise<SheetRow[]> {
  const titles = new Map<number, string>();
  const rows: SheetRow[] = [];
  const item = stringItem();
  let rowNumber = 0;
  let column = 0;
  let cells = new Map<number, string>();
  let cell: Cell = { type: 'n', value: '' };
  let inValue = false;
  const endRow = () => {
    if (rowNumber === 1) {
      for (const [c, title] of cells) if (title) titles.set(c, title);
      return;
    }
    const row: SheetRow = {};
    let any = false;
    for (const [c, text] of cells) {
      const title = titles.get(c);
      if (!title) continue;
      row[title] = text;
      if (text) any = true;
    }
    if (!any) return;
    if (rows.length === maxRows) throw new ServiceError(ExcelMessage.tooManyRows(maxRows));
    rows.push(row);
  };
  await walkXml(chunks, {
    open(name, a) {
      if (name === 'row') {
        rowNumber = a.r === undefined ? rowNumber + 1 : bounded(Number(a.r), MAX_ROW);
        column = 0;
        cells = new Map();
      } else if (name === 'c') {
        column = a.r === undefined ? bounded(column + 1, MAX_COLUMN) : columnOf(a.r);
        cell = { type: a.t ?? 'n', value: '' };
      } else if (name === 'v') inValue = true;
      else item.open(name);
    },
    text(value) {
      if (inValue) cell.value += value;
      item.text(value);
    },
    close(name) {
      if (name === 'v') inValue = false;
      else if (name === 'c') cells.set(column, cellText(cell, item.take(), shared).trim());
      else if (name === 'row') endRow();
      else item.close(name);
    },
  });
  return rows;
}

export interface ReadSheetOptions {
  /** Data rows allowed; one more stops the read with `导入数据不能超过N行`. */
  maxRows?: number;
}

/**
 * Reads the first sheet of an .xlsx into objects keyed by the header row's titles (import by column
 * title). Bounded whatever the file: the archive is checked before anything is inflated, only the
 * workbook, its relationships, the shared strings and that sheet are inflated, each as a stream capped
 * at its declared size, and rows stop at `maxRows`. Failures are ServiceErrors with the user's message.
 */
export async function readSheet(data: Buffer, { maxRows = Infinity }: ReadSheetOptions = {}): Promise<SheetRow[]> {
  if (data.subarray(0, OLE2_SIGNATURE.length).equals(OLE2_SIGNATURE)) throw new ServiceError(ExcelMessage.LEGACY_XLS);
  try {
    const zip = openZip(data, XLSX_LIMITS);
    const parts = await findParts(zip);
    const shared = parts.sharedStrings ? await readSharedStrings(zip.text(parts.sharedStrings)) : [];
    return await readRows(zip.text(parts.sheet), shared, maxRows);
  } catch (err) {
    if (err instanceof ZipError) throw new ServiceError(err.reason === 'too-large' ? ExcelMessage.BOMB : ExcelMessage.INVALID);
    throw err;
  }
}
