// The extension's ledger of confirmed edits, read from its background worker: the second place
// (after the toast) where a confirmation is recorded.
import type { Worker } from '@playwright/test';
import type { LedgerEntry } from '../../src/protocol/ledger-entry';

const LEDGER_KEY = 'noclobber.ledger';

/** The ledger's entries about issue `index` (its description), oldest first. */
export async function ledgerFor(serviceWorker: Worker, index: number): Promise<LedgerEntry[]> {
  const stored = await serviceWorker.evaluate((key) => chrome.storage.local.get(key), LEDGER_KEY);
  const entries = (stored[LEDGER_KEY] ?? []) as LedgerEntry[];
  return entries.filter((entry) => entry.target.kind === 'issue' && entry.target.index === index);
}

/** The extension's background worker in a browser context. */
export async function serviceWorkerOf(context: import('@playwright/test').BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}
