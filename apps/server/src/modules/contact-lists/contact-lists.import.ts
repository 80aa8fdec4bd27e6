/**
 * POST /contact-lists/:id/upload: a spreadsheet's rows become the list's contacts. Rows are read
 * as they arrive and written in batches, each one statement, so memory stays flat however long
 * the list. A number already in the list, or earlier in the file, is merged into that contact;
 * a row that cannot be a contact is refused and reported with its row number and the reason.
 */
import type { Readable } from 'node:stream';
import { IMPORT_MAX_ROWS, IMPORT_REPORT_MAX_ROWS, emailField, type ContactListImportReport, type ImportRefusal } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { storedNumber } from '../contacts/contacts.service.js';
import * as repo from './contact-lists.repository.js';
import { announceContactList, noContactList } from './contact-lists.service.js';
import { readSpreadsheet, type SheetRow, type SpreadsheetKind } from './contact-lists.spreadsheet.js';

/** Rows per insert: large enough to be fast, small enough for PGlite's lock to let others in between. */
const BATCH = 500;

/** Header words (pt, en, es) naming each column; without a known header the columns are name, number, email. */
const HEADERS: Record<'name' | 'number' | 'email', readonly string[]> = {
  name: ['name', 'nome', 'nombre', 'contato', 'contact', 'contacto'],
  number: ['number', 'numero', 'número', 'phone', 'telefone', 'teléfono', 'telefono', 'celular', 'whatsapp'],
  email: ['email', 'e-mail', 'correo', 'mail'],
};

interface Columns {
  name: number;
  number: number;
  email: number;
}

const DEFAULT_COLUMNS: Columns = { name: 0, number: 1, email: 2 };

/** The header's columns, or null when the first row is not a header (then it is data). */
function headerColumns(cells: string[]): Columns | null {
  const lower = cells.map((c) => c.toLowerCase());
  const find = (words: readonly string[]) => lower.findIndex((c) => words.includes(c));
  const found = { name: find(HEADERS.name), number: find(HEADERS.number), email: find(HEADERS.email) };
  if (found.number < 0 && found.name < 0) return null;
  return {
    name: found.name >= 0 ? found.name : DEFAULT_COLUMNS.name,
    number: found.number >= 0 ? found.number : DEFAULT_COLUMNS.number,
    email: found.email,
  };
}

type Checked = { contact: repo.ImportedContact } | { refusal: ImportRefusal; value: string };

function checkRow(cells: string[], columns: Columns): Checked {
  const cell = (i: number) => (i >= 0 ? (cells[i] ?? '') : '');
  const written = cell(columns.number);
  if (!written) return { refusal: 'numberMissing', value: cell(columns.name) };
  let number: string;
  try {
    number = storedNumber(written);
  } catch {
    return { refusal: 'numberInvalid', value: written };
  }
  const name = cell(columns.name) || number;
  if (name.length < 2 || name.length > 50) return { refusal: 'nameInvalid', value: name.slice(0, 60) };
  const rawEmail = cell(columns.email);
  const email = rawEmail ? emailField.safeParse(rawEmail) : null;
  if (email && !email.success) return { refusal: 'emailInvalid', value: rawEmail.slice(0, 100) };
  return { contact: { name, number, email: email?.data ?? '' } };
}

export async function importContactList(
  ctx: AppContext,
  actor: Actor,
  listId: number,
  file: { kind: SpreadsheetKind; stream: Readable },
  maxRows = IMPORT_MAX_ROWS,
): Promise<ContactListImportReport> {
  if (!(await repo.findList(ctx.db, actor.companyId, listId))) throw noContactList();
  const report: ContactListImportReport = { rows: 0, imported: 0, merged: 0, refusedCount: 0, refused: [], tooManyRows: false };
  let batch = new Map<string, repo.ImportedContact>();
  // One batch is written while the next is read: on PostgreSQL the database works beside the
  // parser. Writes stay one after another, so a number repeated across batches is merged.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    const contacts = [...batch.values()];
    batch = new Map();
    await writing;
    writing = repo.upsertItems(ctx.db, actor.companyId, listId, contacts, ctx.clock.now()).then((written) => {
      report.imported += written.inserted;
      report.merged += written.merged;
    });
    // Handled here so a failure waits, without crashing the process, for the await that reports it.
    writing.catch(() => undefined);
  };

  let columns: Columns | undefined;
  try {
    for await (const { row, cells } of readSpreadsheet(file.kind, file.stream) as AsyncIterable<SheetRow>) {
      if (cells.every((c) => c === '')) continue;
      if (!columns) {
        const header = headerColumns(cells);
        columns = header ?? DEFAULT_COLUMNS;
        if (header) continue;
      }
      if (report.rows === maxRows) {
        report.tooManyRows = true;
        break;
      }
      report.rows += 1;
      const checked = checkRow(cells, columns);
      if ('refusal' in checked) {
        report.refusedCount += 1;
        if (report.refused.length < IMPORT_REPORT_MAX_ROWS) report.refused.push({ row, reason: checked.refusal, value: checked.value });
        continue;
      }
      const earlier = batch.get(checked.contact.number);
      if (earlier) {
        report.merged += 1;
        batch.set(checked.contact.number, { ...checked.contact, email: checked.contact.email || earlier.email });
      } else {
        batch.set(checked.contact.number, checked.contact);
      }
      if (batch.size >= BATCH) await flush();
    }
    await flush();
    await writing;
  } catch (error) {
    await writing.catch(() => undefined);
    throw error;
  } finally {
    // Rows written before a failure stay; the screen learns of them either way.
    if (report.imported + report.merged > 0) announceContactList(ctx, actor.companyId, { action: 'reload', contactListId: listId });
  }
  return report;
}
