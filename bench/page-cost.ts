/**
 * What the extension adds to opening a big forge page: 300 comments holding 3,000 checkboxes,
 * every post editable by the signed-in user. Measured inside the page with `performance.now()`
 * (milliseconds since navigation start), in a profile with the extension and one without, the
 * two alternating, median of several runs.
 *
 * - Posts attached: without the extension, the forge's own widget has attached to every post
 *   when its DOMContentLoaded handlers are done; with it, the later of that and the moment the
 *   content script's takeovers cover every post (it sets `data-noclobber="active"` on <html>;
 *   from then on a tick anywhere on the page goes through the extension).
 * - Page ready: the later of the load event and posts attached.
 * - Every editable post's controls drawn: they come with the lazily loaded UI bundle.
 */

import type { BrowserContext } from '@playwright/test';
import type { ForgeDouble, ProfileName } from '../e2e/forge/api';
import { openBrowserPair } from './browser-pair';
import { median, type FigureRow } from './measure';

const PROFILE: ProfileName = 'gitea-1.26';
const COMMENTS = 300;
const BOXES_PER_COMMENT = 10;
const RUNS = 21;
const WARMUPS = 1;

interface PageTimes {
  dcl: number;
  load: number;
  dclEnd: number;
  /** The content script began (it marks <html> with `data-noclobber` first thing, at document_start; null without the extension). */
  started: number | null;
  /** `data-noclobber` became 'active': the takeovers cover every post (null without the extension). */
  attached: number | null;
  /** Every editable post got its controls (null without the extension, or if they never all came). */
  controls: number | null;
  editablePosts: number;
  boxes: number;
}

/** Runs in the page before its own scripts: notes when the extension reaches each point. */
export function recordPageTimes(): void {
  const times = { started: null as number | null, attached: null as number | null, controls: null as number | null, editable: 0, hosts: 0 };
  (window as unknown as { __pageTimes: typeof times }).__pageTimes = times;
  new MutationObserver(() => {
    const state = document.documentElement.getAttribute('data-noclobber');
    if (times.started === null && state !== null) times.started = performance.now();
    if (times.attached === null && state === 'active') times.attached = performance.now();
    // The script runs before <html> exists, so the document is observed; only this attribute counts.
  }).observe(document, { attributes: true, attributeFilter: ['data-noclobber'], subtree: true });
  document.addEventListener('DOMContentLoaded', () => {
    times.editable = document.querySelectorAll('.render-content.markup[data-can-edit="true"]').length;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element && node.localName === 'noclobber-ui' && node.getAttribute('data-kind') === 'post') times.hosts++;
        }
      }
      if (times.controls === null && times.editable > 0 && times.hosts >= times.editable) times.controls = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
}

function seedBigIssue(forge: ForgeDouble): string {
  const issue = forge.seedIssue({ title: 'Big page', body: 'A long discussion follows; every comment holds a checklist.\n' });
  for (let c = 1; c <= COMMENTS; c++) {
    const boxes = Array.from({ length: BOXES_PER_COMMENT }, (_, b) => `- [${(c + b) % 3 === 0 ? 'x' : ' '}] comment ${c}, item ${b + 1}`);
    forge.seedComment({ index: issue.index, body: `Comment ${c}:\n\n${boxes.join('\n')}\n`, poster: 'owner' });
  }
  return issue.url;
}

async function measure(context: BrowserContext, url: string, withExtension: boolean): Promise<PageTimes> {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    if (withExtension) {
      await page.waitForFunction(
        () => {
          const t = (window as unknown as { __pageTimes: { attached: number | null; controls: number | null } }).__pageTimes;
          return t.attached !== null && t.controls !== null;
        },
        undefined,
        { timeout: 60_000 },
      ).catch(async (error: unknown) => {
        const seen = await page.evaluate(() => JSON.stringify({ times: (window as unknown as { __pageTimes: unknown }).__pageTimes, state: document.readyState, url: location.href, noclobber: document.documentElement.getAttribute('data-noclobber'), editable: document.querySelectorAll('.render-content.markup[data-can-edit="true"]').length }));
        throw new Error(`the extension did not reach every post: ${seen}`, { cause: error });
      });
    }
    return await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const t = (window as unknown as { __pageTimes: { started: number | null; attached: number | null; controls: number | null; editable: number } }).__pageTimes;
      return {
        dcl: nav.domContentLoadedEventStart,
        dclEnd: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
        started: t.started,
        attached: t.attached,
        controls: t.controls,
        editablePosts: t.editable,
        boxes: document.querySelectorAll('.markup .task-list-item input[type=checkbox]').length,
      };
    });
  } finally {
    await page.close();
  }
}

export async function runPageCostBench(): Promise<FigureRow[]> {
  const pair = await openBrowserPair(PROFILE);
  try {
    const url = seedBigIssue(pair.forge);
    await pair.extension.addInitScript(recordPageTimes);
    await pair.plain.addInitScript(recordPageTimes);
    const withExt: PageTimes[] = [];
    const without: PageTimes[] = [];
    for (let run = 0; run < WARMUPS + RUNS; run++) {
      const a = await measure(pair.plain, url, false);
      const b = await measure(pair.extension, url, true);
      if (run < WARMUPS) continue;
      without.push(a);
      withExt.push(b);
    }
    const first = withExt[0];
    if (first === undefined || first.boxes !== COMMENTS * BOXES_PER_COMMENT || first.editablePosts !== COMMENTS + 1) {
      throw new Error(`the big page is not as seeded: ${JSON.stringify(first)}`);
    }
    // Without the extension the forge's widget is attached once its DOMContentLoaded handlers are
    // done; with it, also once the takeovers are in place.
    const attachedOf = (t: PageTimes) => Math.max(t.dclEnd, t.attached ?? Number.NaN);
    const readyOf = (t: PageTimes) => Math.max(t.load, attachedOf(t));
    const readyWithout = median(without.map((t) => t.load));
    const readyWith = median(withExt.map(readyOf));
    // Runs alternate, so each pair met the same machine load: the added time is the median of the
    // pairs' differences, which a busy machine disturbs less than a difference of medians.
    const pairs = withExt.map((t, i) => {
      const plain = without[i] as PageTimes;
      return {
        added: readyOf(t) - plain.load,
        base: plain.load,
        attachAdded: attachedOf(t) - t.dcl - (plain.dclEnd - plain.dcl),
        attachBase: plain.dclEnd - plain.dcl,
      };
    });
    const group = `page cost (${COMMENTS} comments, ${COMMENTS * BOXES_PER_COMMENT} boxes)`;
    const medianOf = (values: (number | null)[]) => median(values.map((v) => v ?? Number.NaN));
    return [
      { group, name: `navigation → page ready (median of ${RUNS})`, value: readyWith, unit: 'ms', baselineName: 'without extension', baseline: readyWithout },
      { group, name: 'time added to page ready (median of pairs)', value: median(pairs.map((p) => p.added)), unit: 'ms', baselineName: 'page ready without', baseline: readyWithout },
      { group, name: 'time added, share of page ready (median of pairs)', value: median(pairs.map((p) => (100 * p.added) / p.base)), unit: '%', baselineName: 'goal', baseline: 10 },
      {
        group,
        name: 'DOMContentLoaded → all posts attached',
        value: medianOf(withExt.map((t) => attachedOf(t) - t.dcl)),
        unit: 'ms',
        baselineName: 'without (forge widget attached)',
        baseline: median(without.map((t) => t.dclEnd - t.dcl)),
      },
      { group, name: 'time added to attaching (median of pairs)', value: median(pairs.map((p) => p.attachAdded)), unit: 'ms', baselineName: '', baseline: null },
      {
        group,
        name: 'time added, share of attaching (median of pairs)',
        value: median(pairs.map((p) => (100 * p.attachAdded) / p.attachBase)),
        unit: '%',
        baselineName: 'goal',
        baseline: 10,
      },
      {
        group,
        name: 'content script started (document_start)',
        value: medianOf(withExt.map((t) => t.started)),
        unit: 'ms',
        baselineName: 'DOMContentLoaded',
        baseline: median(withExt.map((t) => t.dcl)),
      },
      {
        group,
        name: 'DOMContentLoaded → every post’s controls drawn',
        value: medianOf(withExt.map((t) => (t.controls === null ? null : t.controls - t.dcl))),
        unit: 'ms',
        baselineName: '',
        baseline: null,
      },
    ];
  } finally {
    await pair.close();
  }
}
