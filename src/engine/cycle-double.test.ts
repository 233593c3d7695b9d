// The protected cycle against the forge double over real HTTP, in every forge profile.
// Each scenario counts the requests that reached the double; the table is printed at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileName } from '../../e2e/forge/api';
import type { BodyOp, Confirmation, EditResult, PostTarget, Rejection } from '../protocol/index';
import { renderResult } from '../protocol/index';
import { openForge, WRITE_ROUTES, type Harness } from './__tests__/forge-harness';

const PROFILES: { name: ProfileName; locked: boolean; token: boolean }[] = [
  { name: 'gitea-1.22', locked: false, token: true },
  { name: 'gitea-1.23', locked: true, token: true },
  { name: 'gitea-1.24', locked: true, token: true },
  { name: 'gitea-1.26', locked: true, token: false },
  { name: 'gitea-1.27', locked: true, token: false },
  { name: 'forgejo-7', locked: false, token: true },
  { name: 'forgejo-11', locked: true, token: true },
  { name: 'forgejo-14', locked: true, token: false },
];

interface CountRow {
  scenario: string;
  profile: string;
  requests: number;
  writes: number;
  reads: number;
}
const table: CountRow[] = [];

afterAll(() => {
  const lines = table.map((r) => `${r.scenario.padEnd(44)} ${r.profile.padEnd(11)} ${String(r.requests).padStart(3)} ${String(r.writes).padStart(3)} ${String(r.reads).padStart(3)}`);
  console.log(['requests per scenario (total, writes, reads)', ...lines].join('\n'));
});

const tick = (match: string): BodyOp => ({ kind: 'task-toggle', match, checked: true });
const CHECKLIST = '- [ ] alpha\n- [ ] ship the docs\n- [ ] omega\n';

function confirmed(result: EditResult): Confirmation {
  if (!result.ok) throw new Error(`expected a confirmation, got: ${renderResult(result)} (${result.detail})`);
  return result;
}
function rejected(result: EditResult): Rejection {
  if (result.ok) throw new Error(`expected a rejection, got: ${renderResult(result)}`);
  return result;
}

/**
 * Runs a scenario on a clean request log, records its request counts, and checks what every
 * scenario must keep: each write carried ignore_attachments=true, content and a numeric
 * content_version, and the post's attachments are all still there.
 */
async function measure(h: Harness, scenario: string, target: PostTarget, run: () => Promise<void>): Promise<CountRow> {
  h.forge.clearRequests();
  await run();
  const log = h.forge.requests();
  const writes = log.filter((r) => r.method === 'POST' && WRITE_ROUTES.includes(r.route));
  for (const w of writes) {
    expect(w.fields.ignore_attachments, `${scenario}: ignore_attachments`).toBe('true');
    expect(w.fields.content_version, `${scenario}: content_version`).toMatch(/^\d+$/);
    expect(typeof w.fields.content, `${scenario}: content`).toBe('string');
  }
  if (!h.forge.post(h.ref(target)).deleted) {
    expect(h.forge.post(h.ref(target)).attachments.map((a) => a.name), `${scenario}: attachments`).toEqual(['screenshot.png']);
  }
  const row = { scenario, profile: h.forge.profile, requests: log.length, writes: writes.length, reads: log.length - writes.length };
  table.push(row);
  return row;
}

describe.each(PROFILES)('protected cycle on $name', ({ name, locked, token }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openForge(name);
  });
  afterAll(async () => {
    await h.close();
  });

  for (const kind of ['issue', 'comment'] as const) {
    const seed = (body: string): PostTarget => {
      if (kind === 'issue') return h.seedIssue(body, { attachments: ['screenshot.png'] });
      const parent = h.seedIssue('the issue the comment is on');
      return h.seedComment(parent.index, body, { attachments: ['screenshot.png'] });
    };

    it(`${kind}: a tick on a current page`, async () => {
      const target = seed(CHECKLIST);
      const view = await h.view(target);
      let result!: Confirmation;
      const row = await measure(h, `${kind}: tick on a current page`, target, async () => {
        result = confirmed(await h.edit(target, tick('ship the docs'), view));
      });
      expect(row.writes).toBe(1);
      expect(row.requests).toBe(locked ? 1 : 2); // without a lock the live body is read first
      expect(result.body).toBe('- [ ] alpha\n- [x] ship the docs\n- [ ] omega\n');
      expect(h.forge.post(h.ref(target)).body).toBe(result.body);
      expect(result.flips).toEqual([{ label: 'ship the docs', checked: true }]);
      expect(result.locked).toBe(locked);
      if (locked) {
        expect(view.seen.version).not.toBe(null);
        expect([result.versionBefore, result.versionAfter]).toEqual([view.seen.version, view.seen.version! + 1]);
        expect(h.forge.post(h.ref(target)).version).toBe(result.versionAfter);
        expect(renderResult(result)).toBe(`Ticked ‘ship the docs’ · ${kind === 'issue' ? '' : 'comment on '}#${target.index} · v${result.versionBefore} → v${result.versionAfter}`);
      } else {
        expect(view.seen.version).toBe(null);
        expect(renderResult(result)).toContain('no lock');
      }
    });

    it(`${kind}: a tick on a stale page`, async () => {
      const target = seed(CHECKLIST);
      const view = await h.view(target);
      const theirs = '- [x] alpha\n- [ ] ship the docs\n- [ ] omega\n\nA note from someone else.\n';
      h.forge.setBody(h.ref(target), theirs);
      let result!: EditResult;
      const row = await measure(h, `${kind}: tick on a stale page`, target, async () => {
        result = await h.edit(target, tick('ship the docs'), view);
      });
      if (locked) {
        const c = confirmed(result);
        expect(c.rebased).toBe(true);
        expect(c.body).toBe(theirs.replace('- [ ] ship', '- [x] ship'));
        expect(h.forge.post(h.ref(target)).body).toBe(c.body);
        expect(row.requests).toBeLessThanOrEqual(3);
        expect(row.writes).toBe(2);
        expect(renderResult(c)).toContain('re-applied on top of a newer body');
      } else {
        // Without a lock the page's body must still be the live one; it is not, so nothing is written.
        const r = rejected(result);
        expect(r.reason).toBe('no-lock-changed');
        expect(r.liveBody).toBe(theirs);
        expect(r.diff).not.toBe(null);
        expect(r.checklistChanges?.flips).toEqual([{ label: 'alpha', checked: true }]);
        expect(row.writes).toBe(0);
        expect(h.forge.post(h.ref(target)).body).toBe(theirs);
      }
    });

    it(`${kind}: a patch whose anchor was edited away`, async () => {
      const target = seed('Status: draft\n\n- [ ] alpha\n');
      const view = await h.view(target);
      const theirs = 'Status: in review\n\n- [ ] alpha\n';
      const stored = h.forge.setBody(h.ref(target), theirs);
      let r!: Rejection;
      const row = await measure(h, `${kind}: patch, anchor edited away`, target, async () => {
        r = rejected(await h.edit(target, { kind: 'patch', edits: [{ old: 'Status: draft', new: 'Status: shipped' }] }, view));
      });
      expect(r.reason).toBe(locked ? 'drifted' : 'no-lock-changed');
      expect(r.liveBody).toBe(theirs);
      expect(r.diff?.hunks[0]?.lines).toEqual(expect.arrayContaining(['-Status: draft', '+Status: in review']));
      expect(h.forge.post(h.ref(target))).toMatchObject({ body: theirs, version: stored.version });
      expect(row.writes).toBe(locked ? 1 : 0); // the refused compare-and-swap wrote nothing
      expect(row.requests).toBe(locked ? 2 : 1); // locked: the refused write and the re-read; else the read
      if (locked) expect(renderResult(r)).toBe('Not saved: the text you changed is no longer in the ' + (kind === 'issue' ? 'description' : 'comment') + ' (edited meanwhile)');
    });

    it(`${kind}: ten ticks sent together`, async () => {
      const labels = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliett'].map((w) => `${w} task`);
      const target = seed(labels.map((l) => `- [ ] ${l}\n`).join(''));
      const view = await h.view(target);
      let results: EditResult[] = [];
      const row = await measure(h, `${kind}: ten ticks together`, target, async () => {
        results = await Promise.all(labels.map((l) => h.edit(target, tick(l), view)));
      });
      for (const result of results) expect(confirmed(result).noop).toBe(false);
      expect(row.writes).toBeLessThanOrEqual(3);
      expect(h.forge.post(h.ref(target)).body).toBe(labels.map((l) => `- [x] ${l}\n`).join(''));
      expect(results.map((r) => (r as Confirmation).flips?.[0]?.label)).toEqual(labels);
    });
  }

  it('a coalesced op that no longer applies is rejected alone; the rest of its batch is written', async () => {
    const target = h.seedIssue('Owner: alpha\n\n- [ ] review\n- [ ] ship\n', { attachments: ['screenshot.png'] });
    const view = await h.view(target);
    let results: EditResult[] = [];
    const row = await measure(h, 'coalesced batch with one stale op', target, async () => {
      // The first patch goes out at once; the other two wait for it and travel together.
      results = await Promise.all([
        h.edit(target, { kind: 'patch', edits: [{ old: 'Owner: alpha', new: 'Owner: bravo' }] }, view),
        h.edit(target, { kind: 'patch', edits: [{ old: 'Owner: alpha', new: 'Owner: charlie' }] }, view),
        h.edit(target, tick('ship'), view),
      ]);
    });
    expect(results.map((r) => r.ok)).toEqual([true, false, true]);
    const stale = rejected(results[1]!);
    expect(stale.reason).toBe('drifted');
    expect(stale.liveBody).toBe('Owner: bravo\n\n- [ ] review\n- [ ] ship\n');
    expect(h.forge.post(h.ref(target)).body).toBe('Owner: bravo\n\n- [ ] review\n- [x] ship\n');
    expect(row.writes).toBe(2);
  });

  describe('unclear outcomes', () => {
    const cases = [
      { fault: { kind: 'error-after-write' as const }, writes: 1, title: '500 after the write committed' },
      { fault: { kind: 'drop-after-write' as const }, writes: 1, title: 'connection dropped after the write committed' },
      { fault: { kind: 'error-before-write' as const }, writes: 2, title: '500 before the write' },
    ];
    for (const c of cases) {
      it(`${c.title}: settled by reading back`, async () => {
        const target = h.seedIssue(CHECKLIST, { attachments: ['screenshot.png'] });
        const view = await h.view(target);
        h.forge.inject({ fault: c.fault });
        let result!: Confirmation;
        const row = await measure(h, c.title, target, async () => {
          result = confirmed(await h.edit(target, { kind: 'append', text: 'appended once' }, view));
        });
        h.forge.clearFaults();
        const stored = h.forge.post(h.ref(target));
        expect(stored.body.split('appended once').length).toBe(2); // exactly once
        expect(row.writes).toBe(c.writes);
        if (locked) {
          expect(stored.version).toBe(view.seen.version! + 1);
          expect(result.versionAfter).toBe(stored.version);
        }
      });
    }
  });

  it('a gone post is reported, not retried', async () => {
    const target = h.seedIssue(CHECKLIST, { attachments: ['screenshot.png'] });
    const view = await h.view(target);
    h.forge.deletePost(h.ref(target));
    let r!: Rejection;
    const row = await measure(h, 'deleted post', target, async () => {
      r = rejected(await h.edit(target, tick('alpha'), view));
    });
    expect(r.reason).toBe('gone');
    expect(row.writes).toBeLessThanOrEqual(1);
  });

  if (token) {
    it('an expired CSRF token is refreshed once (without a lock: the read before the write brings a fresh one)', async () => {
      const target = h.seedIssue(CHECKLIST, { attachments: ['screenshot.png'] });
      const view = await h.view(target);
      expect(view.facts.csrfToken).not.toBe(null);
      h.forge.expireCsrfTokens();
      let result!: Confirmation;
      const row = await measure(h, 'expired CSRF token', target, async () => {
        result = confirmed(await h.edit(target, tick('alpha'), view));
      });
      const writes = h.forge.requests().filter((r) => WRITE_ROUTES.includes(r.route));
      expect(writes.map((w) => w.status)).toEqual(locked ? [400, 200] : [200]);
      const last = writes[writes.length - 1];
      expect(last?.fields._csrf).not.toBe(view.facts.csrfToken);
      expect(last?.headers['x-csrf-token']).toBe(last?.fields._csrf);
      expect(row.requests).toBe(locked ? 3 : 2);
      expect(result.body).toContain('- [x] alpha');
    });
  } else {
    it('writes without a token, passing the cross-origin check', async () => {
      const target = h.seedIssue(CHECKLIST, { attachments: ['screenshot.png'] });
      const view = await h.view(target);
      expect(view.facts.csrfToken).toBe(null);
      await measure(h, 'no-token write', target, async () => {
        confirmed(await h.edit(target, tick('alpha'), view));
      });
      const write = h.forge.requests().find((r) => WRITE_ROUTES.includes(r.route));
      expect(write?.fields._csrf).toBeUndefined();
      expect(write?.headers['sec-fetch-site']).toBe('none');
    });
  }

  if (locked) {
    it('a localized conflict message is still handled (de-DE)', async () => {
      h.forge.setLanguage('de-DE');
      try {
        const target = h.seedIssue(CHECKLIST, { attachments: ['screenshot.png'] });
        const view = await h.view(target);
        h.forge.setBody(h.ref(target), CHECKLIST.replace('- [ ] omega', '- [x] omega'));
        let result!: Confirmation;
        const row = await measure(h, 'stale tick, German conflict text', target, async () => {
          result = confirmed(await h.edit(target, tick('alpha'), view));
        });
        expect(result.rebased).toBe(true);
        expect(result.body).toBe('- [x] alpha\n- [ ] ship the docs\n- [x] omega\n');
        expect(row.writes).toBe(2);
      } finally {
        h.forge.setLanguage('en-US');
      }
    });

    it('gives up after three refused writes and says so', async () => {
      const target = h.seedIssue(CHECKLIST, { attachments: ['screenshot.png'] });
      const view = await h.view(target);
      // Another writer changes the body before every write of ours.
      h.forge.setBody(h.ref(target), `${CHECKLIST}\nedit 0`);
      let n = 0;
      const racing = setInterval(() => h.forge.setBody(h.ref(target), `${CHECKLIST}\nedit ${++n}`), 1);
      let r!: Rejection;
      try {
        h.forge.inject({ fault: { kind: 'delay', ms: 30 }, times: 3 });
        const row = await measure(h, 'writer racing every attempt', target, async () => {
          r = rejected(await h.edit(target, tick('alpha'), view));
        });
        expect(row.writes).toBe(3);
      } finally {
        clearInterval(racing);
        h.forge.clearFaults();
      }
      expect(r.reason).toBe('conflict-retries-exhausted');
      expect(r.attempts).toBe(3);
      expect(renderResult(r)).toContain('gave up after 3 attempts');
      expect(h.forge.post(h.ref(target)).body).not.toContain('- [x] alpha');
    });
  } else {
    it('policy requireVersionLock refuses without a request', async () => {
      const target = h.seedIssue(CHECKLIST, { attachments: ['screenshot.png'] });
      const view = await h.view(target);
      h.policy = { ...h.policy, requireVersionLock: true };
      let r!: Rejection;
      try {
        const row = await measure(h, 'no lock, lock required by policy', target, async () => {
          r = rejected(await h.edit(target, tick('alpha'), view));
        });
        expect(row.requests).toBe(0);
      } finally {
        h.policy = { ...h.policy, requireVersionLock: false };
      }
      expect(r.reason).toBe('lock-required');
    });
  }

  it('a pull-request description (read through the /pulls/ redirect)', async () => {
    const target = h.seedIssue(CHECKLIST, { attachments: ['screenshot.png'], isPull: true });
    const view = await h.view(target);
    h.forge.setBody(h.ref(target), CHECKLIST.replace('- [ ] omega', '- [x] omega'));
    let result!: EditResult;
    await measure(h, 'stale tick on a PR description', target, async () => {
      result = await h.edit(target, tick('alpha'), view);
    });
    if (locked) expect(confirmed(result).body).toBe('- [x] alpha\n- [ ] ship the docs\n- [x] omega\n');
    else expect(rejected(result).reason).toBe('no-lock-changed');

    // The first read followed the /issues/ → /pulls/ redirect; later reads go to /pulls/ directly.
    const again = await h.view(target);
    h.forge.setBody(h.ref(target), `${h.forge.post(h.ref(target)).body}\nmore\n`);
    const row = await measure(h, 'second stale tick on the same PR', target, async () => {
      result = await h.edit(target, tick('ship the docs'), again);
    });
    expect(row.requests).toBe(locked ? 3 : 1);
    const reads = h.forge.requests().filter((r) => r.method === 'GET').map((r) => r.path);
    expect(reads).toEqual([['gitea-1.26', 'gitea-1.27'].includes(name) ? `/owner/repo/issues/${target.index}/info` : `/owner/repo/pulls/${target.index}`]);
  });
});
