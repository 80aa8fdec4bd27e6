/**
 * The contact list a company brings: an .xlsx written as spreadsheet programs write it (texts in
 * the shared-strings table), a header, numbers typed as numbers or as formatted text, emails on
 * two rows in three, 1% of the rows repeating an earlier number and 0.5% without a usable one.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';

const NAMES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Isabel', 'João'];
const SURNAMES = ['Silva', 'Souza', 'Oliveira', 'Santos', 'Lima', 'Pereira', 'Costa', 'Rocha', 'Melo', 'Dias'];

/** The i-th contact's number; it ends in 1, so the simulator never says it is off WhatsApp. */
const numberOf = (i: number) => `55119${String(i).padStart(7, '0')}1`;

export async function contactSheet(contacts: number): Promise<{ file: string; bytes: number; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'atende-sheet-'));
  const file = join(dir, 'contatos.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
  const sheet = workbook.addWorksheet('Contatos');
  sheet.addRow(['Nome', 'Telefone', 'E-mail']).commit();
  for (let i = 0; i < contacts; i++) {
    const name = `${NAMES[i % 10]} ${SURNAMES[Math.floor(i / 10) % 10]} ${i}`;
    const number = numberOf(i);
    const written = i % 2 === 0 ? Number(number) : `+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4, 9)}-${number.slice(9)}`;
    sheet.addRow([name, written, i % 3 === 2 ? '' : `cliente${i}@example.com`]).commit();
    if (i % 100 === 99) sheet.addRow([`${name} (de novo)`, number, '']).commit();
    if (i % 200 === 199) sheet.addRow([`Sem telefone ${i}`, 'não tem', '']).commit();
  }
  await workbook.commit();
  return { file, bytes: statSync(file).size, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
