import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './ledger-entry';
import { renderLedgerEntry, renderResult } from './render-result';
import { REJECTION_REASONS, type Confirmation, type Rejection } from './result';

const target = { origin: 'http://127.0.0.1:3000', repoLink: '/owner/repo', kind: 'issue', index: 42 } as const;
const tick = { kind: 'task-toggle', match: 'ship the docs', checked: true } as const;

const confirmed: Confirmation = {
  ok: true,
  verb: 'tick',
  op: tick,
  target,
  summary: 'Checked the item.',
  versionBefore: 7,
  versionAfter: 8,
  rebased: false,
  locked: true,
  noop: false,
  flips: [{ label: 'ship the docs', checked: true }],
  renderedHtml: '<ul>…</ul>',
  body: '- [x] ship the docs',
  ledgerId: 'e1',
};

const refused: Rejection = {
  ok: false,
  verb: 'tick',
  op: tick,
  target,
  reason: 'drifted',
  detail: 'No checklist item matches.',
  liveBody: '- [ ] write the docs',
  liveVersion: 9,
  sentBody: null,
  diff: { hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-- [ ] ship the docs', '+- [ ] write the docs'] }] },
  checklistChanges: null,
  attempts: 1,
};

describe('renderResult', () => {
  it('renders a tick with its versions', () => {
    expect(renderResult(confirmed)).toBe('Ticked ‘ship the docs’ · #42 · v7 → v8');
  });

  it('renders a drifted tick on an edited body', () => {
    expect(renderResult(refused)).toBe('Not saved: ‘ship the docs’ is no longer in the description (edited meanwhile)');
    expect(renderResult({ ...refused, diff: null })).toBe('Not saved: ‘ship the docs’ is no longer in the description');
  });

  it('says when the write was rebased, unlocked or a no-op', () => {
    expect(renderResult({ ...confirmed, rebased: true })).toBe('Ticked ‘ship the docs’ · #42 · v7 → v8 · re-applied on top of a newer body');
    expect(renderResult({ ...confirmed, locked: false, versionBefore: null, versionAfter: null })).toBe(
      'Ticked ‘ship the docs’ · #42 · this forge has no lock: last write wins',
    );
    expect(renderResult({ ...confirmed, noop: true, versionBefore: 8, versionAfter: 8 })).toBe(
      'Already ticked: ‘ship the docs’ · #42 · v8, nothing written',
    );
  });

  it('names comments and other verbs', () => {
    const comment = { ...target, kind: 'comment', commentId: 5 } as const;
    expect(renderResult({ ...confirmed, target: comment, verb: 'untick', op: { ...tick, checked: false }, flips: null })).toBe(
      'Unticked ‘ship the docs’ · comment on #42 · v7 → v8',
    );
    expect(renderResult({ ...confirmed, verb: 'patch', op: { kind: 'patch', edits: [{ old: 'a', new: 'b' }, { old: 'c', new: 'd' }] } })).toBe(
      'Edited 2 places · #42 · v7 → v8',
    );
    expect(renderResult({ ...confirmed, verb: 'section-replace', op: { kind: 'section-replace', name: 'status', content: 'ok' } })).toBe(
      'Rewrote section ‘status’ · #42 · v7 → v8',
    );
    expect(renderResult({ ...confirmed, verb: 'undo', op: { kind: 'patch', edits: [{ old: 'x', new: 'y' }] } })).toBe('Undid an earlier edit · #42 · v7 → v8');
  });

  it('shortens long labels to one line', () => {
    const long = `a very long label that goes on\nand on ${'and on '.repeat(10)}`;
    const text = renderResult({ ...confirmed, flips: [{ label: long, checked: true }] });
    expect(text).toMatch(/^Ticked ‘a very long label that goes on and on and on an…’ · #42/);
  });

  it('gives every rejection reason its own one-line text', () => {
    const texts = new Set<string>();
    for (const reason of REJECTION_REASONS) {
      const text = renderResult({ ...refused, reason, diff: null, detail: 'D' });
      expect(text).toMatch(/^Not saved: \S/);
      expect(text).not.toContain('\n');
      texts.add(text);
    }
    expect(texts.size).toBe(REJECTION_REASONS.length);
  });

  it('words a failed read apart from a refused write', () => {
    expect(renderResult({ ...refused, verb: 'read', op: null, reason: 'gone', diff: null })).toBe(
      'Could not load the post: the description no longer exists',
    );
  });
});

describe('renderLedgerEntry', () => {
  const entry: LedgerEntry = {
    id: 'e1',
    time: 0,
    target: { ...target, kind: 'comment', commentId: 7 },
    verb: 'tick',
    op: tick,
    summary: 'Ticked ‘ship the docs’.',
    spans: [{ before: '- [ ] ship the docs', after: '- [x] ship the docs' }],
    versionBefore: 3,
    versionAfter: 4,
    locked: true,
    undoes: null,
    undoneBy: null,
  };

  it('uses the toast words for the edit, the post and the versions', () => {
    expect(renderLedgerEntry(entry)).toBe('Ticked ‘ship the docs’ · comment on #42 · v3 → v4');
  });

  it('says when an entry was undone and when the forge had no lock', () => {
    expect(renderLedgerEntry({ ...entry, undoneBy: 'e2' })).toBe('Ticked ‘ship the docs’ · comment on #42 · v3 → v4 · undone');
    expect(renderLedgerEntry({ ...entry, locked: false, versionBefore: null, versionAfter: null })).toBe('Ticked ‘ship the docs’ · comment on #42 · no lock');
    expect(renderLedgerEntry({ ...entry, verb: 'undo', undoes: 'e0' })).toMatch(/^Undid an earlier edit · /);
  });
});
