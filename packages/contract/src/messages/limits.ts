/** Message limits, kept apart from the schemas: the composer reads them without loading validation code. */

/** WhatsApp refuses a text longer than this (UTF-16 units, as JavaScript counts them). */
export const MESSAGE_BODY_MAX = 4096;
