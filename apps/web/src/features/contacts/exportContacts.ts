import { api } from '../../lib/api';

/**
 * GET /contacts/export (CSV, ';', name, number, email), fetched with the token and
 * handed to the browser as a file. The byte order mark is put back (reading the text drops it)
 * so spreadsheets read accents.
 */
export async function downloadContactsCsv(today = new Date()): Promise<void> {
  const text = await api.get<unknown>('/contacts/export');
  const csv = typeof text === 'string' ? text : '';
  const blob = new Blob([`\uFEFF${csv.replace(/^\uFEFF/, '')}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `contacts-${today.toISOString().slice(0, 10)}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the file after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
