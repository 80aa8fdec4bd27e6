/** Reading the contact cards (vCard) customers and agents share. */

function valuesOf(vcard: string, field: string): string[] {
  return vcard
    .split(/\r?\n/)
    .filter((line) => line.toUpperCase().startsWith(field) && /^[A-Z-]+[;:]/i.test(line) && line.split(/[;:]/)[0].toUpperCase() === field)
    .map((line) => line.slice(line.indexOf(':') + 1).trim())
    .filter(Boolean);
}

/** The shown name of a vCard (its FN line), or '' when it has none. */
export function vcardName(vcard: string): string {
  return valuesOf(vcard, 'FN')[0] ?? '';
}

/** The phone numbers of a vCard (its TEL lines). */
export function vcardPhones(vcard: string): string[] {
  return valuesOf(vcard, 'TEL');
}
