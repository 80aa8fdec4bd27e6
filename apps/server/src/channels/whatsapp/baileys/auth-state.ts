/**
 * Baileys' AuthenticationState over our AuthStateStore. Values are serialised with Baileys' own
 * BufferJSON so binary keys survive a round trip through text columns; writes of the creds are
 * chained so a slow store never sees them out of order.
 */
import {
  BufferJSON, initAuthCreds, proto,
  type AuthenticationCreds, type AuthenticationState, type SignalDataSet, type SignalDataTypeMap,
} from 'baileys';
import type { AuthStateStore } from '../provider.js';

export interface StoredAuthState {
  state: AuthenticationState;
  /** Persists the current creds (call on every 'creds.update'). */
  saveCreds(): Promise<void>;
  /** Resolves when every creds write asked for so far has finished. */
  flushed(): Promise<void>;
}

const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const decode = <T>(text: string): T => JSON.parse(text, BufferJSON.reviver) as T;

export async function loadAuthState(store: AuthStateStore): Promise<StoredAuthState> {
  const stored = await store.readCreds();
  const creds: AuthenticationCreds = stored ? decode<AuthenticationCreds>(stored) : initAuthCreds();
  let writes: Promise<void> = Promise.resolve();

  const keys: AuthenticationState['keys'] = {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const found = await store.getKeys(type, ids);
      const result: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const [id, text] of Object.entries(found)) {
        let value: unknown = decode(text);
        // App-state keys are protobuf messages; Baileys expects the class instance back.
        if (type === 'app-state-sync-key' && value) value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
        result[id] = value as SignalDataTypeMap[T];
      }
      return result;
    },
    async set(data: SignalDataSet) {
      const batch: Record<string, Record<string, string | null>> = {};
      for (const [type, entries] of Object.entries(data)) {
        if (!entries) continue;
        batch[type] = {};
        for (const [id, value] of Object.entries(entries)) batch[type][id] = value == null ? null : encode(value);
      }
      await store.setKeys(batch);
    },
  };

  return {
    state: { creds, keys },
    saveCreds() {
      const write = writes.catch(() => undefined).then(() => store.writeCreds(encode(creds)));
      writes = write;
      return write;
    },
    flushed: () => writes.catch(() => undefined),
  };
}
