// The ledger of confirmed edits, kept in extension storage and bounded. It is what the popup
// lists and what undo works from.
import * as z from 'zod/mini';
import { LedgerEntrySchema, type LedgerEntry } from '../protocol/index';

/** The slice of a storage area the ledger needs; browser.storage.local in the extension. */
export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

export interface LedgerOptions {
  store: KeyValueStore;
  /** Entries kept; the oldest are dropped first. Default 200. */
  max?: number;
  now?: () => number;
  newId?: () => string;
}

export type NewLedgerEntry = Omit<LedgerEntry, 'id' | 'time' | 'undoneBy'>;

export interface Ledger {
  record(entry: NewLedgerEntry): Promise<LedgerEntry>;
  /** Newest first. */
  list(limit?: number): Promise<LedgerEntry[]>;
  get(id: string): Promise<LedgerEntry | null>;
  markUndone(id: string, undoneBy: string): Promise<void>;
}

const STORAGE_KEY = 'noclobber.ledger';
const StoredEntriesSchema = z.array(z.unknown());

export function createLedger(options: LedgerOptions): Ledger {
  const max = options.max ?? 200;
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());
  // Storage calls are serialized so two confirmations finishing together cannot lose an entry.
  let chain: Promise<unknown> = Promise.resolve();
  function serialized<T>(task: () => Promise<T>): Promise<T> {
    const next = chain.then(task, task);
    chain = next.catch(() => undefined);
    return next;
  }

  async function load(): Promise<LedgerEntry[]> {
    const raw = StoredEntriesSchema.safeParse(await options.store.get(STORAGE_KEY));
    if (!raw.success) return [];
    // An entry that no longer fits the schema (older version, damage) is skipped, not fatal.
    const entries: LedgerEntry[] = [];
    for (const item of raw.data) {
      const parsed = LedgerEntrySchema.safeParse(item);
      if (parsed.success) entries.push(parsed.data);
    }
    return entries;
  }

  return {
    record: (entry) =>
      serialized(async () => {
        const full: LedgerEntry = { ...entry, id: newId(), time: now(), undoneBy: null };
        const entries = await load();
        entries.push(full);
        await options.store.set(STORAGE_KEY, entries.slice(-max));
        return full;
      }),
    list: (limit) =>
      serialized(async () => {
        const entries = (await load()).reverse();
        return limit === undefined ? entries : entries.slice(0, limit);
      }),
    get: (id) => serialized(async () => (await load()).find((e) => e.id === id) ?? null),
    markUndone: (id, undoneBy) =>
      serialized(async () => {
        const entries = await load();
        const entry = entries.find((e) => e.id === id);
        if (entry === undefined) return;
        entry.undoneBy = undoneBy;
        await options.store.set(STORAGE_KEY, entries);
      }),
  };
}

/** The ledger's store in the extension: browser.storage.local. */
export function browserLocalStore(area: {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}): KeyValueStore {
  return {
    get: async (key) => (await area.get(key))[key],
    set: (key, value) => area.set({ [key]: value }),
  };
}
