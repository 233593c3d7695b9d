/**
 * Body-op benchmark: each op on a ~1 MiB body with 10,000 checklist lines and 50 sections,
 * against a plain linear scan of the same body (`indexOf` of a string that is not there),
 * timed in the same rounds. The aim is every op within 10× of that scan; the figures are
 * printed, never asserted.
 */

import { applyOp, checklistItems, diffChecklists, listSections } from '../src/body/index';
import { DEFAULT_TIMING, medianAgainst, type BenchRow } from './measure';

const SECTIONS = 50;
const TASKS_PER_SECTION = 200;
const TARGET_CHARS = 1024 * 1024;

const PARAGRAPH = 'the team discussed the rollout, the metrics and the follow-ups in detail, and agreed on the next steps.';

function section(number: number, paragraphs: number): string[] {
  const lines = [`## Part ${number}`, '', `<!-- madtea:section:part-${number} -->`];
  lines.push(`Status of part ${number}: in review — owners ü, 中文, and 🚀 agree.`, '');
  for (let paragraph = 1; paragraph <= paragraphs; paragraph++) lines.push(`Note ${number}.${paragraph}: ${PARAGRAPH}`);
  lines.push('');
  for (let task = 1; task <= TASKS_PER_SECTION; task++) {
    const index = (number - 1) * TASKS_PER_SECTION + task;
    const state = index % 3 === 0 ? 'x' : ' ';
    lines.push(`- [${state}] task ${index}: check the widget renders correctly (#${1000 + index})`);
    if (task % 50 === 0) lines.push('', `Checkpoint ${index}: ${PARAGRAPH}`, '');
  }
  lines.push('```md', '- [ ] an example inside code, not a task', '```', '> - [ ] a quoted task, not ours', '');
  lines.push(`<!-- /madtea:section:part-${number} -->`, '');
  return lines;
}

/**
 * Builds the benchmark body: 50 sections, each with prose notes, 200 checklist lines in blocks
 * of 50 separated by prose, a fenced example and a quoted checklist line; the number of notes
 * per section is chosen so the whole body is about 1 MiB.
 */
export function buildBenchBody(): string {
  const build = (paragraphs: number) => {
    const lines = ['# Release plan', '', 'Everything that has to happen before the release ships.', ''];
    for (let number = 1; number <= SECTIONS; number++) lines.push(...section(number, paragraphs));
    lines.push('Closing note: nothing else pending.', '');
    return lines.join('\n');
  };
  const bare = build(0).length;
  const perParagraph = (build(1).length - bare) / SECTIONS;
  return build(Math.max(0, Math.floor((TARGET_CHARS - bare) / (SECTIONS * perParagraph))));
}

export async function runBodyBench(): Promise<BenchRow[]> {
  const body = buildBenchBody();
  // Tasks whose number is a multiple of 3 start ticked; these two near the end start unticked.
  const toggledTask = SECTIONS * TASKS_PER_SECTION - 2;
  const diffedTask = SECTIONS * TASKS_PER_SECTION - 3;
  const ticked = applyOp(body, { kind: 'task-toggle', match: `task ${diffedTask}:`, checked: true });
  if (ticked.status !== 'applied') throw new Error(`benchmark setup: the tick copy was ${ticked.status}`);
  const tickedBody = ticked.body;
  const firstTicked = applyOp(tickedBody, { kind: 'task-toggle', match: 'task 1:', checked: true });
  if (firstTicked.status !== 'applied') throw new Error(`benchmark setup: the two-tick copy was ${firstTicked.status}`);
  const bothEndsBody = firstTicked.body;
  const reworded = applyOp(tickedBody, { kind: 'patch', edits: [{ old: 'task 1: check the widget', new: 'task 1: check that the widget' }] });
  if (reworded.status !== 'applied') throw new Error(`benchmark setup: the reworded copy was ${reworded.status}`);
  const rewordedBody = reworded.body;

  let sink = 0;
  const keep = (value: unknown) => {
    sink += typeof value === 'number' ? value : value === null ? 1 : 2;
  };
  const expectStatus = (status: string) => (value: { status: string }) => {
    if (value.status !== status) throw new Error(`benchmark: expected ${status}, got ${value.status}`);
    keep(value);
  };
  const missing = 'this sentence is nowhere in the body';
  const scan = () => body.indexOf(missing);
  const baselineName = 'indexOf(absent)';

  const cases: { name: string; run: () => { workMs: number; baselineMs: number } }[] = [
    {
      name: 'patch (near the end)',
      run: () =>
        medianAgainst(
          () => applyOp(body, { kind: 'patch', edits: [{ old: 'Closing note: nothing else pending.', new: 'Closing note: all done.' }] }),
          expectStatus('applied'),
          scan,
          keep,
        ),
    },
    {
      name: 'append',
      run: () => medianAgainst(() => applyOp(body, { kind: 'append', text: '## Update\n- shipped to staging' }), expectStatus('applied'), scan, keep),
    },
    {
      name: 'task-toggle (near the end)',
      run: () =>
        medianAgainst(() => applyOp(body, { kind: 'task-toggle', match: `task ${toggledTask}:`, checked: true }), expectStatus('applied'), scan, keep),
    },
    {
      name: 'section-replace (last section)',
      run: () =>
        medianAgainst(
          () => applyOp(body, { kind: 'section-replace', name: `part-${SECTIONS}`, content: 'All green ✅\n- [x] shipped' }),
          expectStatus('applied'),
          scan,
          keep,
        ),
    },
    {
      name: 'diffChecklists (one tick)',
      run: () =>
        medianAgainst(
          () => diffChecklists(body, tickedBody),
          (change) => {
            if (change === null || change.flips?.length !== 1) throw new Error('benchmark: expected exactly one flip');
            keep(change);
          },
          scan,
          keep,
        ),
    },
    {
      // Several ticks far apart: the bodies differ only in box states, read as such.
      name: 'diffChecklists (ticks at both ends)',
      run: () =>
        medianAgainst(
          () => diffChecklists(body, bothEndsBody),
          (change) => {
            if (change === null || change.flips?.length !== 2) throw new Error('benchmark: expected exactly two flips');
            keep(change);
          },
          scan,
          keep,
        ),
    },
    {
      // The worst case, shown so it is known: an edit of text at the start and a tick at the end
      // leave no shared head or tail, so both checklists are read and compared in full.
      name: 'diffChecklists (reword at start, tick at end)',
      run: () =>
        medianAgainst(
          () => diffChecklists(body, rewordedBody),
          (change) => {
            if (change === null || change.flips?.length !== 1) throw new Error('benchmark: expected exactly one flip');
            keep(change);
          },
          scan,
          keep,
        ),
    },
  ];

  const rows = cases.map((entry) => {
    const { workMs, baselineMs } = entry.run();
    return { group: 'body', name: entry.name, medianMs: workMs, baselineName, baselineMs };
  });
  const checklistLines = checklistItems(body).length;
  const sections = listSections(body).length;
  const lines = body.split('\n').length;
  console.log(
    `body: ${body.length.toLocaleString('en')} UTF-16 units (${Buffer.byteLength(body, 'utf8').toLocaleString('en')} bytes of UTF-8), ${lines.toLocaleString('en')} lines, ` +
      `${checklistLines.toLocaleString('en')} checklist lines, ${sections} sections`,
  );
  console.log(`baseline: body.indexOf(${JSON.stringify(missing)}), a string the body does not hold`);
  console.log(`each figure: median of ${DEFAULT_TIMING.runs} runs after ${DEFAULT_TIMING.warmups} warm-ups; every run times the baseline, then the op`);
  if (sink === 0) console.log('(no results were produced)');
  return rows;
}
