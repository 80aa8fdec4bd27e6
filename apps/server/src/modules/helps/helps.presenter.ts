import type { Help } from '@atende/contract';
import type { HelpRow } from './helps.repository.js';

const iso = (date: Date | string) => new Date(date).toISOString();

export function presentHelp(row: HelpRow): Help {
  return { id: row.id, title: row.title, description: row.description, video: row.video, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}
