/**
 * What a tick costs on the wire, with the extension and with the forge's own widget, counted in
 * the double's request log (every request that reached the forge after the page had loaded):
 *
 * - one tick on a current page (the goal: the same number of round trips as the widget);
 * - one tick on a stale page, after another writer changed a different line (the widget is
 *   refused and its boxes lock up; the extension re-reads and re-applies the tick);
 * - ten rapid ticks: writes sent and ticks that landed, on the double as it is (answers within
 *   milliseconds) and with every answer held back 150 ms, as a forge across a network would: how
 *   many ticks share a write depends on how many clicks come while one is in flight.
 */

import type { BrowserContext, Page } from '@playwright/test';
import type { ForgeDouble, ProfileName } from '../e2e/forge/api';
import { openNativePage } from '../e2e/race/native-writer';
import { box, openPage, post } from '../e2e/ui';
import { forgeSettled, openBrowserPair } from './browser-pair';
import { median, type FigureRow } from './measure';

const PROFILE: ProfileName = 'gitea-1.26';
const RUNS = 5;
const CHECKLIST = 'Intro line.\n\n- [ ] alpha\n- [ ] beta\n- [ ] gamma\n';
/** A forge across a network: every request answered this much later. */
const NETWORK_MS = 150;
const TEN = `Ten things:\n\n${Array.from({ length: 10 }, (_, i) => `- [ ] thing ${i + 1}`).join('\n')}\n`;

type Side = 'extension' | 'native';

async function open(side: Side, context: BrowserContext, forge: ForgeDouble, body: string): Promise<{ page: Page; index: number }> {
  const issue = forge.seedIssue({ body, title: 'Round trips' });
  let page: Page;
  if (side === 'extension') {
    page = await openPage(context, issue.url);
  } else {
    page = await context.newPage();
    await openNativePage(page, issue.url);
  }
  await forgeSettled(forge);
  return { page, index: issue.index };
}

function ticked(body: string): number {
  return (body.match(/^- \[[xX]\] /gm) ?? []).length;
}

/** Ticks `beta` once and counts the requests that reached the forge; `stale`: another writer changed the intro first. */
async function oneTick(side: Side, context: BrowserContext, forge: ForgeDouble, stale: boolean): Promise<{ requests: number; landed: boolean }> {
  const { page, index } = await open(side, context, forge, CHECKLIST);
  const ref = { kind: 'issue' as const, index };
  if (stale) forge.setBody(ref, CHECKLIST.replace('Intro line.', 'Intro line, edited by someone else.'));
  forge.clearRequests();
  const beta = box(post(page, 0), 'beta');
  await beta.click();
  if (side === 'extension') {
    // Settled: the box shows the outcome, no longer the pending state.
    await page.waitForFunction((el) => el !== null && !el.hasAttribute('aria-busy'), await beta.elementHandle(), { timeout: 15_000 });
  }
  await forgeSettled(forge);
  const requests = forge.requests().length;
  const landed = forge.post(ref).body.replace(/\r\n/g, '\n').includes('- [x] beta');
  await page.close();
  return { requests, landed };
}

/** Ten clicks in quick succession on ten boxes; counts the writes sent and the ticks stored. */
async function tenTicks(side: Side, context: BrowserContext, forge: ForgeDouble, latencyMs: number): Promise<{ writes: number; landed: number; clickingMs: number }> {
  const { page, index } = await open(side, context, forge, TEN);
  const points: { x: number; y: number }[] = [];
  for (let i = 1; i <= 10; i++) {
    const rect = await box(post(page, 0), `thing ${i}`).boundingBox();
    if (rect === null) throw new Error(`the box of thing ${i} is not on screen`);
    points.push({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 });
  }
  forge.clearRequests();
  if (latencyMs > 0) forge.inject({ fault: { kind: 'delay', ms: latencyMs }, path: '/', times: 10_000 });
  const started = Date.now();
  for (const point of points) await page.mouse.click(point.x, point.y);
  const clickingMs = Date.now() - started;
  if (side === 'extension') {
    await page.waitForFunction(() => document.querySelectorAll('input[type=checkbox][aria-busy]').length === 0, undefined, { timeout: 30_000 });
  }
  await forgeSettled(forge, 800 + latencyMs, 30_000);
  forge.clearFaults();
  const writes = forge.requests().filter((request) => request.method === 'POST' && request.route === 'issue-content').length;
  const landed = ticked(forge.post({ kind: 'issue', index }).body);
  await page.close();
  return { writes, landed, clickingMs };
}

export async function runRoundTripBench(): Promise<FigureRow[]> {
  const pair = await openBrowserPair(PROFILE);
  try {
    const { forge } = pair;
    const contextOf = (side: Side) => (side === 'extension' ? pair.extension : pair.plain);
    const rows: FigureRow[] = [];
    const group = `wire (${PROFILE})`;
    for (const stale of [false, true]) {
      const results: Record<Side, { requests: number; landed: boolean }[]> = { extension: [], native: [] };
      // The two sides alternate, so both meet the same machine load.
      for (let run = 0; run < RUNS; run++) {
        for (const side of ['extension', 'native'] as const) results[side].push(await oneTick(side, contextOf(side), forge, stale));
      }
      const page = stale ? 'stale page' : 'current page';
      rows.push({
        group,
        name: `round trips per tick, ${page} (median of ${RUNS})`,
        value: median(results.extension.map((r) => r.requests)),
        unit: 'requests',
        baselineName: 'native widget',
        baseline: median(results.native.map((r) => r.requests)),
      });
      rows.push({
        group,
        name: `ticks landed, ${page} (of ${RUNS})`,
        value: results.extension.filter((r) => r.landed).length,
        unit: 'ticks',
        baselineName: 'native widget',
        baseline: results.native.filter((r) => r.landed).length,
      });
    }
    const rapidRuns = 3;
    for (const latencyMs of [0, NETWORK_MS]) {
      const rapid: Record<Side, { writes: number; landed: number; clickingMs: number }[]> = { extension: [], native: [] };
      for (let run = 0; run < rapidRuns; run++) {
        for (const side of ['extension', 'native'] as const) rapid[side].push(await tenTicks(side, contextOf(side), forge, latencyMs));
      }
      const where = latencyMs === 0 ? 'ten rapid ticks' : `ten rapid ticks, forge answering after ${latencyMs} ms`;
      // How fast the clicks came decides how many can share a write.
      const rapidRow = (measure: string, unit: FigureRow['unit'], pick: (run: (typeof rapid)['extension'][number]) => number): FigureRow => ({
        group,
        name: `${where}: ${measure} (median of ${rapidRuns})`,
        value: median(rapid.extension.map(pick)),
        unit,
        baselineName: 'native widget',
        baseline: median(rapid.native.map(pick)),
      });
      rows.push(
        rapidRow('time from first to last click', 'ms', (r) => r.clickingMs),
        rapidRow('writes sent', 'writes', (r) => r.writes),
        rapidRow('ticks landed', 'ticks', (r) => r.landed),
      );
    }
    return rows;
  } finally {
    await pair.close();
  }
}
