import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing';
import { browserLocalStore, createLedger, type NewLedgerEntry } from './ledger';

const entry = (n: number): NewLedgerEntry => ({
  target: { origin: 'http://f.test', repoLink: '/o/r', kind: 'issue', index: n },
  verb: 'tick',
  op: { kind: 'task-toggle', match: `item ${n}`, checked: true },
  summary: `ticked ${n}`,
  spans: [{ before: `- [ ] item ${n}\n`, after: `- [x] item ${n}\n` }],
  versionBefore: n,
  versionAfter: n + 1,
  locked: true,
  undoes: null,
});

describe('ledger in browser.storage.local', () => {
  beforeEach(() => fakeBrowser.reset());

  it('records entries newest first and survives a new ledger on the same storage', async () => {
    let id = 0;
    const ledger = createLedger({ store: browserLocalStore(browser.storage.local), now: () => 1000, newId: () => `e${++id}` });
    await ledger.record(entry(1));
    await ledger.record(entry(2));
    const again = createLedger({ store: browserLocalStore(browser.storage.local) });
    const listed = await again.list();
    expect(listed.map((e) => e.id)).toEqual(['e2', 'e1']);
    expect(listed[0]).toMatchObject({ ...entry(2), id: 'e2', time: 1000, undoneBy: null });
  });

  it('keeps only the newest entries', async () => {
    const ledger = createLedger({ store: browserLocalStore(browser.storage.local), max: 3 });
    for (let n = 1; n <= 5; n++) await ledger.record(entry(n));
    expect((await ledger.list()).map((e) => e.versionBefore)).toEqual([5, 4, 3]);
    expect(await ledger.list(2)).toHaveLength(2);
  });

  it('loses no entry when records race', async () => {
    const ledger = createLedger({ store: browserLocalStore(browser.storage.local) });
    await Promise.all(Array.from({ length: 10 }, (_, n) => ledger.record(entry(n + 1))));
    expect(await ledger.list()).toHaveLength(10);
  });

  it('marks an entry undone', async () => {
    const ledger = createLedger({ store: browserLocalStore(browser.storage.local) });
    const recorded = await ledger.record(entry(1));
    await ledger.markUndone(recorded.id, 'undo-1');
    expect(await ledger.get(recorded.id)).toMatchObject({ undoneBy: 'undo-1' });
    expect(await ledger.get('missing')).toBe(null);
  });

  it('skips stored entries that do not fit the schema', async () => {
    await browser.storage.local.set({ 'noclobber.ledger': [{ id: 'broken' }, 'junk'] });
    const ledger = createLedger({ store: browserLocalStore(browser.storage.local) });
    await ledger.record(entry(1));
    expect(await ledger.list()).toHaveLength(1);
  });
});
