import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Hostile and broken .xlsx files for the import tests and bench/abuse.mjs, built without ever holding
 * their inflated content: a piece repeated `times` times is deflated once with a sync flush (byte
 * aligned, no reference to earlier data) and its output repeated, so a 1 GB sheet costs 1 MB.
 */
export interface Piece {
  data: string;
  times?: number;
}

export interface EntrySpec {
  name: string;
  pieces: Piece[];
  /** Size written in the headers instead of the real one: an archive that lies. */
  declaredSize?: number;
  /** Sizes in the directory's zip64 extra field, as some writers do even for small entries. */
  zip64?: boolean;
}

const MB = 1024 * 1024;

function deflatePieces(pieces: Piece[]) {
  const parts: Buffer[] = [];
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    const data = Buffer.from(piece.data);
    const times = piece.times ?? 1;
    const deflated = deflateRawSync(data, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
    for (let i = 0; i < times; i++) {
      parts.push(deflated);
      crc = crc32(data, crc);
    }
    size += data.length * times;
  }
  parts.push(deflateRawSync(Buffer.alloc(0)));
  return { data: Buffer.concat(parts), crc, size };
}

/** A ZIP archive of deflated entries (no zip64, no data descriptors). */
export function buildZip(entries: EntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const { data, crc, size } = deflatePieces(entry.pieces);
    const declared = entry.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.zip64 ? 0xffffffff : data.length, 18);
    local.writeUInt32LE(entry.zip64 ? 0xffffffff : declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(45, 4);
    central.writeUInt16LE(45, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.zip64 ? 0xffffffff : data.length, 20);
    central.writeUInt32LE(entry.zip64 ? 0xffffffff : declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    const extra = Buffer.alloc(entry.zip64 ? 20 : 0);
    if (entry.zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(16, 2);
      extra.writeBigUInt64LE(BigInt(declared), 4);
      extra.writeBigUInt64LE(BigInt(data.length), 12);
    }
    central.writeUInt16LE(extra.length, 30);
    locals.push(local, name, data);
    centrals.push(central, name, extra);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SHEET_OPEN =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_CLOSE = '</sheetData></worksheet>';

const SKELETON: EntrySpec[] = [
  {
    name: '[Content_Types].xml',
    pieces: [
      {
        data:
          '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      },
    ],
  },
  {
    name: '_rels/.rels',
    pieces: [
      {
        data:
          '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
          '</Relationships>',
      },
    ],
  },
  {
    name: 'xl/workbook.xml',
    pieces: [
      {
        data:
          '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
          'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
      },
    ],
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    pieces: [
      {
        data:
          '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
          '</Relationships>',
      },
    ],
  },
];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One sheet row of inline-string cells, for pieces of a hand-made sheet. */
export const rowXml = (cells: string[]) =>
  `<row>${cells.map((c) => `<c t="inlineStr"><is><t>${escapeXml(c)}</t></is></c>`).join('')}</row>`;

/** A minimal workbook whose first sheet's XML is exactly the pieces. */
export const xlsxOfSheetXml = (pieces: Piece[], sheet: Partial<EntrySpec> = {}): Buffer =>
  buildZip([...SKELETON, { ...sheet, name: 'xl/worksheets/sheet1.xml', pieces }]);

/** A minimal valid workbook whose first sheet's XML is the pieces between <sheetData> and its end. */
export function xlsxWithSheet(pieces: Piece[], opts: { declaredSheetSize?: number; close?: boolean; zip64?: boolean } = {}): Buffer {
  return xlsxOfSheetXml([{ data: SHEET_OPEN }, ...pieces, ...(opts.close === false ? [] : [{ data: SHEET_CLOSE }])], {
    declaredSize: opts.declaredSheetSize,
    zip64: opts.zip64,
  });
}

/**
 * The issue's bomb: about 1 MB whose sheet inflates to `inflatedMb` MB of user rows. `lying` declares
 * the sheet 64 KB in the archive's headers, so only a cap enforced while inflating catches it.
 */
export function zipBomb({ inflatedMb = 1024, lying = false }: { inflatedMb?: number; lying?: boolean } = {}): Buffer {
  const row = rowXml(['105', 'bomb', '炸弹', '', '', '男', '正常']);
  // A row, then spaces up to 1 MB: runs of one byte deflate about 1000:1, rows of text only about 200:1.
  const block = row + ' '.repeat(MB - Buffer.byteLength(row));
  return xlsxWithSheet([{ data: rowXml(['部门编号', '登录名称', '用户名称', '用户邮箱', '手机号码', '用户性别', '账号状态']) }, { data: block, times: inflatedMb }], {
    declaredSheetSize: lying ? 64 * 1024 : undefined,
  });
}

/** An archive of `count` tiny entries. */
export const manyEntries = (count: number) => buildZip(Array.from({ length: count }, (_, i) => ({ name: `x/${i}.xml`, pieces: [{ data: '<a/>' }] })));
