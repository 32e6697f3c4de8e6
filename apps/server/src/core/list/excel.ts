import type { FastifyReply } from 'fastify';
import { formatDateTime } from '../time';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows per sheet before another sheet starts, as upstream's exporter does. */
const SHEET_ROWS = 65_536;

export interface ExcelColumn<T> {
  header: string;
  value: (row: T) => unknown;
  /** Code → label conversion such as 0=男,1=女. */
  dict?: Record<string, string>;
  width?: number;
  /** Text appended to the value (operlog cost time "毫秒"). */
  suffix?: string;
}

function cell<T>(col: ExcelColumn<T>, row: T): string | number | null {
  const raw = col.value(row);
  if (raw === null || raw === undefined) return null;
  if (raw instanceof Date) return formatDateTime(raw);
  const text = col.dict ? (col.dict[String(raw)] ?? String(raw)) : raw;
  if (col.suffix) return `${String(text)}${col.suffix}`;
  return typeof text === 'number' ? text : String(text);
}

/** A workbook with one bold header row per sheet; dict columns and dates converted like the contract §5.8. */
export async function buildWorkbook<T>(sheetName: string, columns: ExcelColumn<T>[], rows: T[]): Promise<Buffer> {
  // Loaded on the first export: exceljs is a large module tree and would add about half a second to every start.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const sheets = Math.max(1, Math.ceil(rows.length / (SHEET_ROWS - 1)));
  for (let s = 0; s < sheets; s++) {
    const ws = wb.addWorksheet(s === 0 ? sheetName : `${sheetName}${s}`);
    ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 16 }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } };
    for (const row of rows.slice(s * (SHEET_ROWS - 1), (s + 1) * (SHEET_ROWS - 1))) {
      ws.addRow(columns.map((c) => cell(c, row)));
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Sends an export as the raw workbook body (no Content-Disposition: the client names the file). */
export async function sendWorkbook<T>(reply: FastifyReply, sheetName: string, columns: ExcelColumn<T>[], rows: T[]) {
  const body = await buildWorkbook(sheetName, columns, rows);
  return reply.header('Content-Type', `${XLSX_MIME};charset=utf-8`).send(body);
}
