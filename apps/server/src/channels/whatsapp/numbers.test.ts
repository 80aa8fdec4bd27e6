import { describe, expect, it } from 'vitest';
import {
  brazilianVariants, canonicalNumber, digitsOnly, isBroadcastJid, isGroupJid, isLidJid, isPhoneJid,
  isPlausibleNumber, jidToNumber, normalizeJid, numberToJid, parseJid, toChatId,
} from './numbers.js';

describe('canonicalNumber', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('+55 (11) 98765-4321')).toBe('5511987654321');
    expect(canonicalNumber('+55 (11) 98765-4321')).toBe('5511987654321');
    expect(canonicalNumber('+1 415-555-0100')).toBe('14155550100');
  });

  it('inserts the ninth digit in Brazilian mobiles written with 8 digits', () => {
    expect(canonicalNumber('551187654321')).toBe('5511987654321');
    expect(canonicalNumber('55 21 6123-4567')).toBe('5521961234567');
    expect(canonicalNumber('559196543210')).toBe('5591996543210');
  });

  it('leaves Brazilian landlines, complete mobiles and other countries alone', () => {
    expect(canonicalNumber('551133334444')).toBe('551133334444'); // landline starts with 3
    expect(canonicalNumber('552125556666')).toBe('552125556666'); // landline starts with 2
    expect(canonicalNumber('5511987654321')).toBe('5511987654321');
    expect(canonicalNumber('351912345678')).toBe('351912345678'); // Portugal, 12 digits
    expect(canonicalNumber('447911123456')).toBe('447911123456');
  });

  it('accepts jids, with device suffixes', () => {
    expect(canonicalNumber('551187654321@s.whatsapp.net')).toBe('5511987654321');
    expect(canonicalNumber('551187654321:12@s.whatsapp.net')).toBe('5511987654321');
  });

  it('is idempotent', () => {
    for (const n of ['551187654321', '5511987654321', '551133334444', '14155550100']) {
      expect(canonicalNumber(canonicalNumber(n))).toBe(canonicalNumber(n));
    }
  });
});

describe('brazilianVariants', () => {
  it('lists the canonical mobile first, then the legacy 8-digit form', () => {
    expect(brazilianVariants('551187654321')).toEqual(['5511987654321', '551187654321']);
    expect(brazilianVariants('5511987654321')).toEqual(['5511987654321', '551187654321']);
  });
  it('has one variant for landlines and other countries', () => {
    expect(brazilianVariants('551133334444')).toEqual(['551133334444']);
    expect(brazilianVariants('14155550100')).toEqual(['14155550100']);
  });
});

describe('jids', () => {
  it('parses user, server and device', () => {
    expect(parseJid('5511987654321:3@s.whatsapp.net')).toEqual({ user: '5511987654321', server: 's.whatsapp.net', device: 3 });
    expect(parseJid('123456789012345@lid')).toEqual({ user: '123456789012345', server: 'lid' });
    expect(parseJid('not a jid')).toBeNull();
  });

  it('recognises LIDs, groups, phones and broadcasts', () => {
    expect(isLidJid('123456789012345@lid')).toBe(true);
    expect(isLidJid('123456789012345:4@lid')).toBe(true);
    expect(isLidJid('5511987654321@s.whatsapp.net')).toBe(false);
    expect(isGroupJid('120363025246125486@g.us')).toBe(true);
    expect(isPhoneJid('5511987654321@s.whatsapp.net')).toBe(true);
    expect(isPhoneJid('5511987654321@c.us')).toBe(true);
    expect(isPhoneJid('123@lid')).toBe(false);
    expect(isBroadcastJid('status@broadcast')).toBe(true);
    expect(isBroadcastJid('120363@newsletter')).toBe(true);
  });

  it('converts numbers and jids both ways, canonically', () => {
    expect(numberToJid('+55 11 8765-4321')).toBe('5511987654321@s.whatsapp.net');
    expect(jidToNumber('551187654321@s.whatsapp.net')).toBe('5511987654321');
    expect(jidToNumber('123456789012345@lid')).toBeNull();
    expect(jidToNumber('120363025246125486@g.us')).toBeNull();
  });

  it('normalises device jids and legacy c.us', () => {
    expect(normalizeJid('551187654321:7@s.whatsapp.net')).toBe('5511987654321@s.whatsapp.net');
    expect(normalizeJid('5511987654321@c.us')).toBe('5511987654321@s.whatsapp.net');
    expect(normalizeJid('123456789012345:2@lid')).toBe('123456789012345@lid');
  });

  it('turns any destination into a chat id', () => {
    expect(toChatId('+55 (11) 98765-4321')).toBe('5511987654321@s.whatsapp.net');
    expect(toChatId('551187654321:2@s.whatsapp.net')).toBe('5511987654321@s.whatsapp.net');
    expect(toChatId('120363025246125486@g.us')).toBe('120363025246125486@g.us');
    expect(toChatId('123456789012345@lid')).toBe('123456789012345@lid');
  });

  it('judges plausibility by length', () => {
    expect(isPlausibleNumber('5511987654321')).toBe(true);
    expect(isPlausibleNumber('1234')).toBe(false);
    expect(isPlausibleNumber('1234567890123456')).toBe(false);
  });
});
