import { describe, expect, it } from 'vitest';
import { secretsBox } from './secrets-box.js';

describe('secrets box', () => {
  const box = secretsBox('a key of sixteen+ characters');

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('{"private_key":"-----BEGIN PRIVATE KEY-----"}');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('PRIVATE');
    expect(box.open(sealed)).toBe('{"private_key":"-----BEGIN PRIVATE KEY-----"}');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a value sealed under another key, altered, or not sealed at all', () => {
    const sealed = box.seal('segredo');
    expect(() => secretsBox('another key of 16+ characters').open(sealed)).toThrow();
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;
    expect(() => box.open([v, iv, tag, flipped].join('.'))).toThrow();
    expect(() => box.open('segredo')).toThrow();
  });
});
