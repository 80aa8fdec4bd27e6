import type { AuthStateStore } from './provider.js';

/**
 * AuthStateStore kept in memory: for tests and the simulator demo. Writes are all-or-nothing per
 * call, like the database-backed store.
 */
export class MemoryAuthStore implements AuthStateStore {
  private creds: string | null = null;
  private readonly keys = new Map<string, Map<string, string>>();
  /** Counts calls, so tests can see that state was persisted or wiped. */
  readonly stats = { credsWrites: 0, keyWrites: 0, clears: 0 };

  async readCreds(): Promise<string | null> {
    return this.creds;
  }

  async writeCreds(creds: string): Promise<void> {
    this.creds = creds;
    this.stats.credsWrites++;
  }

  async getKeys(type: string, ids: string[]): Promise<Record<string, string>> {
    const bucket = this.keys.get(type);
    const found: Record<string, string> = {};
    if (!bucket) return found;
    for (const id of ids) {
      const value = bucket.get(id);
      if (value !== undefined) found[id] = value;
    }
    return found;
  }

  async setKeys(data: Record<string, Record<string, string | null>>): Promise<void> {
    // Validate the whole batch before touching anything, so a bad entry changes nothing.
    for (const entries of Object.values(data)) {
      for (const value of Object.values(entries)) {
        if (value !== null && typeof value !== 'string') throw new TypeError('auth key values must be strings or null');
      }
    }
    for (const [type, entries] of Object.entries(data)) {
      let bucket = this.keys.get(type);
      if (!bucket) {
        bucket = new Map();
        this.keys.set(type, bucket);
      }
      for (const [id, value] of Object.entries(entries)) {
        if (value === null) bucket.delete(id);
        else bucket.set(id, value);
      }
    }
    this.stats.keyWrites++;
  }

  async clear(): Promise<void> {
    this.creds = null;
    this.keys.clear();
    this.stats.clears++;
  }

  /** Number of stored signal keys of every type. */
  get keyCount(): number {
    let count = 0;
    for (const bucket of this.keys.values()) count += bucket.size;
    return count;
  }
}
