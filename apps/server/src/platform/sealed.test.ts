import { describe, expect, it } from 'vitest';
import { createSecretBox } from './sealed.js';

describe('sealed secrets', () => {
  const box = createSecretBox('a key of sixteen+ characters');

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('{"private_key":"-----BEGIN PRIVATE KEY-----"}');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('PRIVATE');
    expect(box.open(sealed)).toBe('{"private_key":"-----BEGIN PRIVATE KEY-----"}');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('reads nothing from a value sealed under another key, altered, or not sealed at all', () => {
    const sealed = box.seal('segredo');
    expect(createSecretBox('another key of 16+ characters').open(sealed)).toBeNull();
    const [v, nonce, data, tag] = sealed.split('.');
    const flipped = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;
    expect(box.open([v, nonce, flipped, tag].join('.'))).toBeNull();
    expect(box.open('segredo')).toBeNull();
  });
});
