// Three writers on one description at once: two browser users ticking boxes and editing lines
// (each in its own browser profile, signed in as a different account with write access) and an
// independent writer outside the browser. With the extension, every op it confirmed is in the
// final body, every op it refused was shown to its user, and nothing else changed: the final
// body equals the initial body with exactly the confirmed ops applied. The same race through the
// forge's own widget is run for comparison, and what it loses is reported.
import type { BrowserContext, TestInfo, Worker } from '@playwright/test';
import { launchBrowser } from './browser';
import { expect, test as base } from './fixtures';
import type { ForgeDouble, ProfileName } from './forge/api';
import { startForge } from './forge/server';
import { runExtensionTab } from './race/extension-writer';
import { openIndependentWriter, runIndependentWriter, signInAs } from './race/independent-writer';
import { ledgerFor, serviceWorkerOf } from './race/ledger';
import { openNativePage, runNativeTab } from './race/native-writer';
import { apiOps, contestOf, expectedBody, hasLanded, OPS_PER_WRITER, raceBody, tabOps, type RaceOp, type WriterName } from './race/plan';
import { formatTally, tallyWriters, type OpRecord } from './race/tally';
import { openInNewWindow, openPage } from './ui';
import type { Contest, Progress, TabRun } from './race/writer';

/** The double's handle itself: the independent writer needs its token and, where the API has no lock, its synchronous write. */
const test = base.extend<{ double: ForgeDouble }>({
  double: async ({ forgeTarget }, use) => {
    const forge = await startForge({ profile: forgeTarget as ProfileName });
    try {
      await use(forge);
    } finally {
      await forge.close();
    }
  },
});

// The races are independent (each has its own double and browsers): they may share the workers.
test.describe.configure({ mode: 'parallel' });

/** Gitea with the lock on the REST API too, Forgejo whose API has none, and Gitea before the lock. */
const RACE_PROFILES: ProfileName[] = ['gitea-1.26', 'forgejo-11', 'gitea-1.22'];
/**
 * Forges without `content_version`. There the extension compares the live body with what the
 * page showed and refuses when they differ, but the moment between its read and its write
 * cannot be closed: a write landing in it is overwritten. What that costs is reported, and
 * what the extension still promises is asserted: every answer is shown and says the forge has
 * no lock.
 */
const LOCKLESS: readonly ProfileName[] = ['gitea-1.22'];
/**
 * Where the two browser users sit. In two browsers (two accounts) their writes meet at the
 * forge; as two tabs of one browser (one account) they also meet in the one background engine,
 * whose per-post queue carries both tabs' ops with their different views of the body.
 */
type TabLayout = 'two browsers' | 'one browser';
const TAB_LAYOUTS: Partial<Record<ProfileName, TabLayout[]>> = { 'gitea-1.26': ['two browsers', 'one browser'] };
/**
 * Where the same race is run through the forge's own widget, for the comparison figures: by
 * default Gitea 1.26 (with the lock) and 1.22 (without it);
 * NOCLOBBER_RACE_NATIVE=gitea-1.26,gitea-1.22,forgejo-11 adds Forgejo 11.
 */
const NATIVE_PROFILES = (process.env.NOCLOBBER_RACE_NATIVE ?? 'gitea-1.26,gitea-1.22').split(',').map((name) => name.trim());
const BROWSER_OPS = 2 * OPS_PER_WRITER;

async function report(info: TestInfo, title: string, records: readonly OpRecord[], finalBody: string, verbose: boolean): Promise<void> {
  const lost = records.filter((record) => record.outcome !== 'refused' && !hasLanded(finalBody, record.op));
  const table = [
    formatTally(title, tallyWriters(records, finalBody)),
    ...lost.map((record) => `  lost without a word: ${record.op.writer} ${describeOp(record.op)} (${record.outcome}${record.message === '' ? '' : `: ${record.message}`})`),
    ...(verbose ? records.filter((record) => record.outcome === 'refused').map((record) => `  refused: ${record.op.writer} ${describeOp(record.op)}: ${record.message}`) : []),
  ].join('\n');
  console.log(`\n${table}\n`);
  await info.attach('tally', { body: table, contentType: 'text/plain' });
  await info.attach('records', { body: JSON.stringify(records, null, 2), contentType: 'application/json' });
}

/** Runs the two browser writers and the independent writer at once. */
async function race(double: ForgeDouble, issue: { url: string; index: number }, tabs: [TabRun, TabRun]): Promise<{ records: OpRecord[]; how: string }> {
  const post = { kind: 'issue' as const, index: issue.index };
  const independent = await openIndependentWriter(double, { url: issue.url, post });
  const progress: Progress = { done: 0 };
  const contests: OpRecord[] = [];
  const contest: Contest = async (op) => {
    const theirs = contestOf(op);
    await independent.write(theirs);
    contests.push({ op: theirs, outcome: 'saved', message: independent.how });
  };
  const stop = new AbortController();
  const browsers = tabs.map((run) =>
    run(progress, contest).catch((error: unknown) => {
      stop.abort();
      throw error;
    }),
  );
  const [alpha, beta, api] = await Promise.all([...browsers, runIndependentWriter(independent, apiOps(), progress, BROWSER_OPS, stop.signal)]);
  return { records: [...(alpha ?? []), ...(beta ?? []), ...(api ?? []), ...contests], how: independent.how };
}

function describeOp(op: RaceOp): string {
  return op.kind === 'tick' ? `tick ${op.label}` : `${op.via}: ${op.before}`;
}

async function signedIn(context: BrowserContext, double: ForgeDouble, user: 'owner' | 'writer'): Promise<BrowserContext> {
  await signInAs(context, double, user);
  return context;
}

for (const profile of RACE_PROFILES) {
  test.describe(`race ${profile}`, () => {
    test.use({ forgeTarget: profile });

    for (const tabs of TAB_LAYOUTS[profile] ?? ['two browsers']) {
      test(`with the extension (${tabs}), three writers × 50 ops: every confirmed op lands, every refusal is shown, nothing else changes`, async ({ context, serviceWorker, double }, info) => {
        test.setTimeout(180_000);
        const initial = raceBody();
        const issue = double.seedIssue({ body: initial, title: 'Race board' });
        const second = tabs === 'two browsers' ? await launchBrowser({ extension: true }) : null;
        try {
          const alphaPage = await openPage(await signedIn(context, double, 'owner'), issue.url);
          const betaPage =
            second === null ? await openInNewWindow(alphaPage, issue.url) : await openPage(await signedIn(second.context, double, 'writer'), issue.url);
          const { records, how } = await race(double, issue, [
            (progress, contest) => runExtensionTab(alphaPage, tabOps('alpha'), progress, contest),
            (progress, contest) => runExtensionTab(betaPage, tabOps('beta'), progress, contest),
          ]);
          info.annotations.push({ type: 'independent writer', description: how });
          const finalBody = double.post({ kind: 'issue', index: issue.index }).body;
          await report(info, `extension (${tabs}), ${profile}`, records, finalBody, true);

          // Every op got an answer its user saw: a confirmation or a refusal, never silence.
          expect(records).toHaveLength(3 * OPS_PER_WRITER);
          expect(records.filter((record) => record.outcome === 'swallowed').map((record) => describeOp(record.op))).toEqual([]);
          for (const record of records) expect(record.message, describeOp(record.op)).not.toBe('');
          // A line the independent writer changed under an open editor is refused, with the conflict view.
          const contested = records.filter((record) => record.op.kind === 'line' && record.op.contested === true);
          expect(contested).toHaveLength(2);
          for (const record of contested) {
            expect(record.outcome, describeOp(record.op)).toBe('refused');
            expect(record.message, describeOp(record.op)).toContain('[conflict view]');
          }
          // No op found its change already made: each line has one writer.
          expect(records.filter((record) => record.message.startsWith('Already')).map((record) => describeOp(record.op))).toEqual([]);

          const confirmed = records.filter((record) => record.outcome === 'saved').map((record) => record.op);
          if (LOCKLESS.includes(profile)) {
            // Each confirmation says that the forge has no lock, so its user knows the last write wins.
            const browserSaved = records.filter((record) => record.op.writer !== 'api' && record.outcome === 'saved');
            expect(browserSaved.length).toBeGreaterThan(0);
            for (const record of browserSaved) expect(record.message, describeOp(record.op)).toContain('no lock');
            const lost = records.filter((record) => record.outcome === 'saved' && !hasLanded(finalBody, record.op));
            info.annotations.push({ type: 'no lock', description: `${lost.length} confirmed ops were overwritten by a write that read the body just before they landed` });
          } else {
            // Exactly the confirmed ops are in the body, and nothing else changed.
            expect(finalBody).toBe(expectedBody(initial, confirmed));
          }
          const refusedButLanded = records.filter((record) => record.outcome === 'refused' && hasLanded(finalBody, record.op));
          expect(refusedButLanded.map((record) => describeOp(record.op))).toEqual([]);

          // Each browser's ledger holds one entry per confirmation its tabs toasted, for the same ops.
          const ledgers: [readonly WriterName[], Worker][] =
            second === null
              ? [[['alpha', 'beta'], serviceWorker]]
              : [
                  [['alpha'], serviceWorker],
                  [['beta'], await serviceWorkerOf(second.context)],
                ];
          for (const [writers, worker] of ledgers) {
            const writer = writers.join(' and ');
            const mine = records.filter((record) => writers.includes(record.op.writer) && record.outcome === 'saved').map((record) => record.op);
            const ledger = await ledgerFor(worker, issue.index);
            expect(ledger, `${writer}'s ledger`).toHaveLength(mine.length);
            const ticked = ledger.flatMap((entry) => (entry.op.kind === 'task-toggle' ? [entry.op.match] : [])).sort();
            expect(ticked).toEqual(mine.flatMap((op) => (op.kind === 'tick' ? [op.label] : [])).sort());
            const sections = ledger.filter((entry) => entry.op.kind === 'section-replace').length;
            expect(sections).toBe(mine.filter((op) => op.kind === 'line' && op.via === 'section').length);
            // An editor save is a patch anchored on as little of the line as is unique at the time.
            const edits = ledger.flatMap((entry) => (entry.op.kind === 'patch' ? entry.op.edits : []));
            for (const op of mine) {
              if (op.kind !== 'line' || op.via !== 'editor') continue;
              const turnsIt = (edit: { old: string; new: string }) => op.before.includes(edit.old) && op.before.replace(edit.old, edit.new) === op.after;
              expect(edits.some(turnsIt), `${writer}'s ledger has the edit of “${op.before}”`).toBe(true);
            }
          }
          const rebased = records.filter((record) => record.message.includes('re-applied on top of a newer body')).length;
          info.annotations.push({ type: 'rebased', description: `${rebased} of ${confirmed.length} confirmed ops were re-applied on a newer body` });
        } finally {
          await second?.close();
        }
      });
    }

    if (!NATIVE_PROFILES.includes(profile)) return;
    test('the same race through the forge’s own widget, without the extension: what it loses is reported', async ({ double }, info) => {
      test.setTimeout(180_000);
      const initial = raceBody();
      const issue = double.seedIssue({ body: initial, title: 'Race board' });
      const first = await launchBrowser({ extension: false });
      const second = await launchBrowser({ extension: false });
      try {
        const alphaPage = await (await signedIn(first.context, double, 'owner')).newPage();
        const betaPage = await (await signedIn(second.context, double, 'writer')).newPage();
        await openNativePage(alphaPage, issue.url);
        await openNativePage(betaPage, issue.url);
        const { records, how } = await race(double, issue, [
          (progress, contest) => runNativeTab(alphaPage, tabOps('alpha'), progress, contest),
          (progress, contest) => runNativeTab(betaPage, tabOps('beta'), progress, contest),
        ]);
        info.annotations.push({ type: 'independent writer', description: how });
        const finalBody = double.post({ kind: 'issue', index: issue.index }).body;
        await report(info, `native widget, ${profile}`, records, finalBody, false);

        const tallies = tallyWriters(records, finalBody);
        const landed = tallies.reduce((sum, t) => sum + t.landed, 0);
        info.annotations.push({ type: 'native widget', description: `${landed} of ${records.length} ops landed` });
        // The figure is the report; the one claim made about the widget is that it loses ops:
        // refused where the forge has a lock, overwritten without a word where it has none.
        expect(landed).toBeLessThan(records.length);
        const savedButLost = tallies.reduce((sum, t) => sum + t.savedButLost, 0);
        if (LOCKLESS.includes(profile)) expect(savedButLost).toBeGreaterThan(0);
        // Every write the independent writer made was confirmed by the forge.
        expect(records.filter((record) => record.op.writer === 'api' && record.outcome !== 'saved')).toEqual([]);
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
    });
  });
}
