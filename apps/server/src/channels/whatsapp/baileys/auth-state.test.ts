import { proto } from 'baileys';
import { describe, expect, it } from 'vitest';
import { MemoryAuthStore } from '../memory-auth-store.js';
import { loadAuthState } from './auth-state.js';

describe('Baileys auth state over an AuthStateStore', () => {
  it('starts with fresh creds and persists them with their binary keys intact', async () => {
    const store = new MemoryAuthStore();
    const first = await loadAuthState(store);
    expect(first.state.creds.registered).toBe(false);
    first.state.creds.registered = true;
    await first.saveCreds();

    const again = await loadAuthState(store);
    expect(again.state.creds.registered).toBe(true);
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.from(again.state.creds.noiseKey.public)).toEqual(Buffer.from(first.state.creds.noiseKey.public));
    expect(again.state.creds.signedIdentityKey.private).toHaveLength(32);
  });

  it('stores, reads and deletes signal keys in one batch', async () => {
    const store = new MemoryAuthStore();
    const { state } = await loadAuthState(store);
    await state.keys.set({
      session: { 'a.0': new Uint8Array([1, 2, 3]), 'b.0': new Uint8Array([4]) },
      'pre-key': { '1': { public: new Uint8Array([9]), private: new Uint8Array([8]) } },
    });
    expect(store.stats.keyWrites).toBe(1);
    const sessions = await state.keys.get('session', ['a.0', 'b.0', 'missing']);
    expect(Object.keys(sessions).sort()).toEqual(['a.0', 'b.0']);
    expect(Buffer.from(sessions['a.0'])).toEqual(Buffer.from([1, 2, 3]));
    const preKeys = await state.keys.get('pre-key', ['1']);
    expect(Buffer.from(preKeys['1'].private)).toEqual(Buffer.from([8]));

    await state.keys.set({ session: { 'a.0': null } });
    expect(Object.keys(await state.keys.get('session', ['a.0', 'b.0']))).toEqual(['b.0']);
  });

  it('returns app-state sync keys as protobuf objects', async () => {
    const store = new MemoryAuthStore();
    const { state } = await loadAuthState(store);
    const keyData = proto.Message.AppStateSyncKeyData.fromObject({ keyData: new Uint8Array([5, 6]), timestamp: 1736164800 });
    await state.keys.set({ 'app-state-sync-key': { AAAA: keyData } });
    const { AAAA } = await state.keys.get('app-state-sync-key', ['AAAA']);
    expect(AAAA).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(AAAA.keyData!)).toEqual(Buffer.from([5, 6]));
  });

  it('writes creds in the order they were asked for, and a failed write does not block the next', async () => {
    const store = new MemoryAuthStore();
    const writes: string[] = [];
    let fail = true;
    store.writeCreds = async (creds) => {
      await new Promise((r) => setTimeout(r, fail ? 5 : 0));
      if (fail) {
        fail = false;
        throw new Error('db busy');
      }
      writes.push(JSON.parse(creds).me?.name ?? '');
    };
    const { state, saveCreds, flushed } = await loadAuthState(store);
    state.creds.me = { id: '1@s.whatsapp.net', name: 'first' };
    const failed = saveCreds();
    state.creds.me = { id: '1@s.whatsapp.net', name: 'second' };
    const ok = saveCreds();
    await expect(failed).rejects.toThrow('db busy');
    await ok;
    await flushed();
    expect(writes).toEqual(['second']);
  });
});
