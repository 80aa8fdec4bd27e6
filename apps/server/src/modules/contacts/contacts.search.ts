import { sql, type Expression, type SqlBool } from 'kysely';
import { canonicalNumber, digitsOnly } from '../../channels/whatsapp/numbers.js';

/**
 * The contact search of GET /contacts and /contacts/list, answered from indexes only (never
 * a `LIKE '%x%'` over every row, which grows slow with the address book):
 * - every word typed must start a word of the name, number or email, through the GIN index
 *   `contacts_search_idx` (the expression below must stay the index's expression, character for
 *   character, or Postgres stops using it);
 * - a phone-like search (digits and + ( ) - . spaces, at least 4 digits) also matches the END of
 *   the canonical number through `contacts_number_suffix_idx`, so '(11) 98765-4321' and
 *   '11 8765-4321' (without the ninth digit) find 5511987654321.
 */
export const CONTACT_SEARCH_DOCUMENT = sql`to_tsvector('simple', contacts.name || ' ' || contacts.number || ' ' || contacts.email)`;

const PHONE_LIKE = /^[\d\s()+.-]+$/;
const MAX_WORDS = 8;

/** A tsquery literal: the word quoted (backslashes and quotes escaped), as a prefix. */
function prefixLiteral(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`;
}

/**
 * One typed word as a tsquery: the word as it is (so 'ana.souza@exa' is a prefix of the email
 * lexeme) or as the text parser splits it (so '(11)' or 'Ana-Maria' match their parts).
 */
function wordQuery(word: string) {
  const literal = prefixLiteral(word.toLowerCase());
  return sql`(${literal}::tsquery || to_tsquery('simple', ${literal}))`;
}

/** The ends of canonical numbers a phone-like search may be: as typed, canonical, with the ninth digit. */
export function numberSuffixes(term: string): string[] {
  if (!PHONE_LIKE.test(term)) return [];
  const digits = digitsOnly(term);
  if (digits.length < 4) return [];
  const suffixes = new Set([digits, canonicalNumber(digits)]);
  // A Brazilian mobile typed as area code + 8 digits, the old way.
  if (digits.length === 10 && /[6-9]/.test(digits[2])) suffixes.add(`${digits.slice(0, 2)}9${digits.slice(2)}`);
  return [...suffixes];
}

/** The WHERE condition for `term` (already trimmed, not empty). */
export function contactSearchCondition(term: string): Expression<SqlBool> {
  const words = term.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  const text = sql<SqlBool>`${CONTACT_SEARCH_DOCUMENT} @@ (${sql.join(words.map(wordQuery), sql` && `)})`;
  const suffixes = numberSuffixes(term);
  if (suffixes.length === 0) return text;
  // Digits only: nothing in them is a LIKE wildcard.
  const ends = suffixes.map((digits) => sql<SqlBool>`reverse(contacts.number) like ${`${[...digits].reverse().join('')}%`}`);
  return sql<SqlBool>`(${text} or ${sql.join(ends, sql` or `)})`;
}
