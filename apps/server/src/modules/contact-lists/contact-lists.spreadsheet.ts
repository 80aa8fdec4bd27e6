/**
 * Reading and writing the contact spreadsheets. Rows are streamed one by one from the upload
 * (xlsx through exceljs's streaming reader, csv through csv-parse), so a list of 100,000 rows is
 * read with flat memory. The legacy binary .xls (BIFF in a compound file, at most 65,536 rows)
 * cannot be streamed: it is read whole, up to XLS_MAX_BYTES, by SheetJS (see docs/decisions.md).
 */
import type { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { AppError } from '../../platform/errors.js';

export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv';

/** A full .xls sheet of three columns is a few MB; more than this is not a contact list. */
export const XLS_MAX_BYTES = 16 * 1024 * 1024;
/** Every .xls (BIFF5/BIFF8) lives in an OLE compound file, which starts with these bytes. */
const COMPOUND_FILE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export interface SheetRow {
  /** The row's number in the sheet (1 is the first). */
  row: number;
  cells: string[];
}

/** The kind of file by its name; anything else is refused. */
export function spreadsheetKind(fileName: string): SpreadsheetKind {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.xls')) return 'xls';
  if (lower.endsWith('.csv')) return 'csv';
  throw new AppError('ERR_IMPORT_FILE_TYPE', 400);
}

/** A cell as text: numbers without exponent, rich text joined, links and formulas by what they show. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown; hyperlink?: string };
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('').trim();
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
  }
  return '';
}

const unreadable = (cause: unknown) => Object.assign(new AppError('ERR_IMPORT_FILE_UNREADABLE', 400), { cause });

async function* xlsxRows(input: Readable): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let sheet = 0;
  try {
    for await (const worksheet of reader) {
      sheet += 1;
      // Only the first sheet is the list; the others are drained so the upload is read to its end.
      for await (const row of worksheet) {
        if (sheet !== 1) continue;
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        yield { row: row.number, cells: Array.from(values, cellText) };
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(error);
  }
}

async function* csvRows(input: Readable): AsyncGenerator<SheetRow> {
  // Spreadsheets saved in Brazil separate with ';', elsewhere with ','.
  const parser = input.pipe(parseCsv({ bom: true, delimiter: [',', ';'], relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true }));
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { row: info.lines, cells: record.map((cell) => cell.trim()) };
    }
  } catch (error) {
    throw unreadable(error);
  }
}

async function readWhole(input: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function* xlsRows(input: Readable): AsyncGenerator<SheetRow> {
  const data = await readWhole(input, XLS_MAX_BYTES);
  // Only a compound file goes to the parser: an HTML or text file renamed .xls is not read as a sheet.
  if (!data.subarray(0, COMPOUND_FILE_SIGNATURE.length).equals(COMPOUND_FILE_SIGNATURE)) throw unreadable(new Error('not a compound file'));
  let rows: XLSX.CellObject[][];
  try {
    const workbook = XLSX.read(data, { type: 'buffer', dense: true, sheets: 0, cellDates: true, cellFormula: false, cellHTML: false, cellStyles: false, cellText: false });
    const first = workbook.SheetNames[0];
    rows = (first ? workbook.Sheets[first]?.['!data'] : undefined) ?? [];
  } catch (error) {
    throw unreadable(error);
  }
  for (const [index, cells] of rows.entries()) {
    // A dense sheet leaves holes for empty rows and cells.
    if (cells) yield { row: index + 1, cells: Array.from(cells, (cell) => cellText(cell?.v)) };
  }
}

export function readSpreadsheet(kind: SpreadsheetKind, input: Readable): AsyncGenerator<SheetRow> {
  if (kind === 'xlsx') return xlsxRows(input);
  if (kind === 'xls') return xlsRows(input);
  return csvRows(input);
}

/** The example offered on the lists screen: the columns the import reads, with two rows. */
export async function exampleSpreadsheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('contacts');
  sheet.columns = [
    { header: 'name', key: 'name', width: 30 },
    { header: 'number', key: 'number', width: 20 },
    { header: 'email', key: 'email', width: 30 },
  ];
  // Numbers as text: a spreadsheet would otherwise show 5.5E+12.
  sheet.getColumn('number').numFmt = '@';
  sheet.addRow({ name: 'Maria Silva', number: '5511987654321', email: 'maria@example.com' });
  sheet.addRow({ name: 'João Souza', number: '5521998765432', email: '' });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
