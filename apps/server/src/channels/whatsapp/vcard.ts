/**
 * Contact cards. WhatsApp carries them as vCard 3.0 text whose TEL line names the WhatsApp id
 * (`waid=`); the Cloud API carries structured JSON instead. Both are turned into the same text so
 * the inbox stores one shape.
 */
import { canonicalNumber } from './numbers.js';

const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/,/g, '\\,').replace(/;/g, '\\;');
const unescapeText = (value: string) =>
  value.replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1');

export function buildVcard(card: { name: string; number: string }): string {
  const waid = canonicalNumber(card.number);
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `FN:${escapeText(card.name)}`,
    `TEL;type=CELL;type=VOICE;waid=${waid}:+${waid}`,
    'END:VCARD',
  ].join('\n');
}

export interface ParsedCard { name: string; numbers: string[] }

/** Reads every card in the text; numbers come back canonical (waid preferred over the display form). */
export function parseVcards(text: string): ParsedCard[] {
  const cards: ParsedCard[] = [];
  // vCard folds long lines by starting the continuation with a space.
  const lines = text.replace(/\r\n/g, '\n').replace(/\n[ \t]/g, '').split('\n');
  let current: ParsedCard | null = null;
  for (const line of lines) {
    const upper = line.toUpperCase();
    if (upper.startsWith('BEGIN:VCARD')) current = { name: '', numbers: [] };
    else if (upper.startsWith('END:VCARD') && current) {
      cards.push(current);
      current = null;
    } else if (current && /^(item\d+\.)?FN[;:]/i.test(line)) {
      current.name = unescapeText(line.slice(line.indexOf(':') + 1)).trim();
    } else if (current && /^(item\d+\.)?TEL[;:]/i.test(line)) {
      const waid = /waid=(\d+)/i.exec(line)?.[1];
      const number = canonicalNumber(waid ?? line.slice(line.indexOf(':') + 1));
      if (number) current.numbers.push(number);
    }
  }
  return cards;
}
