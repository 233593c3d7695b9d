// The engine and forge client, wired as the background wires them, against the forge double
// over real HTTP while the double misbehaves: slow answers, 500s before and after the write
// commits, connections dropped after the commit, writes that outlive their request, CSRF tokens
// that expire mid-session, posts deleted mid-edit, HTML where JSON belongs.
//
// Every scenario checks the same three promises: nothing is written twice (each op's effect
// appears exactly once in the stored body), nothing is lost (other writers' changes and the
// post's attachment survive; every write carries ignore_attachments=true), and every outcome is
// reported truthfully (a Confirmation only when the stored body holds it, a Rejection whose
// reason is what the double did, 'unknown-outcome' only when the engine could not tell).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyOp, EditResult } from '../../src/protocol/index';
import { renderResult } from '../../src/protocol/index';
import {
  acceptedWrites,
  checkWrites,
  confirmed,
  engineWithWriteTimeout,
  expectTruthfulConfirmation,
  FAULT_PROFILES,
  occurrences,
  openForge,
  OpenPage,
  rejected,
  seedPost,
  sleep,
  stored,
  until,
  type Harness,
  type ProfileTraits,
} from './support';

const tick = (match: string): BodyOp => ({ kind: 'task-toggle', match, checked: true });
const append = (text: string): BodyOp => ({ kind: 'append', text });
const LABELS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
const CHECKLIST = `Intro line.\n\n${LABELS.map((l) => `- [ ] ${l} task\n`).join('')}`;

/** Every fault scenario against one forge profile. */
function describeFaults({ name, locked, token }: ProfileTraits): void {
  describe(`faults on ${name}`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await openForge(name);
    });
    afterAll(async () => {
      await h.close();
    });
    const begin = () => {
      h.forge.clearFaults();
      h.forge.clearRequests();
    };

    describe('a slow forge', () => {
      for (const kind of ['issue', 'comment'] as const) {
        it(`${kind}: every op is confirmed, and ops arriving during the slow write travel together`, async () => {
          const target = seedPost(h, kind, CHECKLIST);
          const view = await h.view(target);
          begin();
          h.forge.inject({ fault: { kind: 'delay', ms: 150 } });
          const started = Date.now();
          // The first op goes out at once and is held by the forge; the rest arrive meanwhile.
          const first = h.edit(target, tick('alpha task'), view);
          const rest = LABELS.slice(1).map((l) => h.edit(target, tick(`${l} task`), view));
          const more = h.edit(target, append('Signed off.'), view);
          const results = (await Promise.all([first, ...rest, more])).map(confirmed);
          expect(Date.now() - started).toBeGreaterThanOrEqual(145);

          const body = stored(h, target);
          for (const l of LABELS) expect(occurrences(body, `- [x] ${l} task\n`), l).toBe(1);
          expect(occurrences(body, 'Signed off.')).toBe(1);
          expect(body).toBe(`${CHECKLIST.replaceAll('- [ ]', '- [x]')}\nSigned off.`);
          const writes = checkWrites(h, target);
          expect(writes.map((w) => w.status)).toEqual([200, 200]); // the slow one, then all the others at once
          expect(writes[1]?.fields.content).toBe(body);
          for (const c of results) expect(c.noop).toBe(false);
          // The six that waited were confirmed together, by the second write.
          for (const c of results.slice(1)) expectTruthfulConfirmation(h, target, c, locked);
          expect(results[0]?.body).toBe(writes[0]?.fields.content);
          expect(await h.engine.ledger()).toEqual(expect.arrayContaining(results.map((c) => expect.objectContaining({ id: c.ledgerId }))));
        });
      }

      it('another writer changing the post while our write is held', async () => {
        const target = seedPost(h, 'issue', CHECKLIST);
        const view = await h.view(target);
        begin();
        h.forge.inject({ fault: { kind: 'delay', ms: 150 } });
        const first = h.edit(target, tick('alpha task'), view);
        const second = h.edit(target, tick('bravo task'), view);
        // Without a lock the engine reads before it writes: their change comes after that read.
        if (!locked) await until(() => h.requests().some((r) => r.method === 'GET'));
        const theirs = CHECKLIST.replace('Intro line.', 'Intro line, reworded by someone else.');
        h.forge.setBody(h.ref(target), theirs);
        const [a, b] = [confirmed(await first), confirmed(await second)];
        const body = stored(h, target);
        checkWrites(h, target);
        expectTruthfulConfirmation(h, target, b, locked);
        if (locked) {
          // The held write is refused (their change moved the version), re-applied on their body.
          expect(a.rebased).toBe(true);
          expect(body).toBe(theirs.replace('- [ ] alpha', '- [x] alpha').replace('- [ ] bravo', '- [x] bravo'));
          expect(h.writes().map((w) => w.status)).toEqual([400, 200, 200]);
        } else {
          // No lock: the held write, derived from the body read before their change, wins — and
          // the confirmation says that this forge has no lock to prevent it.
          expect(a.locked).toBe(false);
          expect(renderResult(a)).toContain('this forge has no lock: last write wins');
          expect(body).toBe(CHECKLIST.replace('- [ ] alpha', '- [x] alpha').replace('- [ ] bravo', '- [x] bravo'));
        }
        expect(occurrences(body, '- [x] alpha task')).toBe(1);
        expect(occurrences(body, '- [x] bravo task')).toBe(1);
      });
    });

    describe('500 before the write', () => {
      it('once: read back, provably not written, written once more', async () => {
        const target = seedPost(h, 'issue', CHECKLIST);
        const view = await h.view(target);
        begin();
        h.forge.inject({ fault: { kind: 'error-before-write' } });
        const c = confirmed(await h.edit(target, append('appended once'), view));
        expect(checkWrites(h, target).map((w) => w.status)).toEqual([500, 200]);
        expect(occurrences(stored(h, target), 'appended once')).toBe(1);
        expectTruthfulConfirmation(h, target, c, locked);
        if (locked) expect([c.versionBefore, c.versionAfter]).toEqual([view.seen.version, view.seen.version! + 1]);
      });

      it('twice: reported as the forge failing, not as an unknown outcome, since reading back shows nothing landed', async () => {
        const target = seedPost(h, 'issue', CHECKLIST);
        const view = await h.view(target);
        const before = h.forge.post(h.ref(target));
        begin();
        h.forge.inject({ fault: { kind: 'error-before-write', status: 503 }, times: 2 });
        const r = rejected(await h.edit(target, append('never stored'), view));
        expect(checkWrites(h, target).map((w) => w.status)).toEqual([503, 503]);
        expect(h.forge.post(h.ref(target))).toMatchObject({ body: before.body, version: before.version });
        expect(r.reason).toBe('server-error');
        expect(r.detail).toContain('503');
        expect(r.liveBody).toBe(before.body);
        expect(r.attempts).toBe(2);
        expect(await h.engine.ledger()).not.toEqual(expect.arrayContaining([expect.objectContaining({ op: append('never stored') })]));
      });
    });

    describe('the write commits, then the answer is lost', () => {
      const cases = [
        { title: '500 after the write', fault: { kind: 'error-after-write' as const }, status: 500 },
        { title: 'connection dropped after the write', fault: { kind: 'drop-after-write' as const }, status: 0 },
      ];
      for (const c of cases) {
        for (const kind of ['issue', 'comment'] as const) {
          it(`${c.title} (${kind}, with ops queued behind it): read back, confirmed, nothing sent twice`, async () => {
            const target = seedPost(h, kind, CHECKLIST);
            const view = await h.view(target);
            begin();
            h.forge.inject({ fault: c.fault });
            const results = (
              await Promise.all([h.edit(target, append('exactly once'), view), h.edit(target, tick('charlie task'), view), h.edit(target, tick('delta task'), view)])
            ).map(confirmed);
            const body = stored(h, target);
            expect(occurrences(body, 'exactly once')).toBe(1);
            expect(occurrences(body, '- [x] charlie task')).toBe(1);
            expect(occurrences(body, '- [x] delta task')).toBe(1);
            const writes = checkWrites(h, target);
            // One write for the append (its answer lost), one for the two ticks queued behind it.
            expect(writes.map((w) => w.status)).toEqual([c.status, 200]);
            expect(results[0]?.body).toBe(writes[0]?.fields.content);
            if (locked) expect(results[0]?.versionAfter).toBe(view.seen.version! + 1);
            for (const r of results.slice(1)) expectTruthfulConfirmation(h, target, r, locked);
          });
        }
      }

      it('and reading back fails too: unknown-outcome, with the body that was sent (which did land)', async () => {
        const target = seedPost(h, 'issue', CHECKLIST);
        const view = await h.view(target);
        begin();
        h.forge.inject({ fault: { kind: 'drop-after-write' } });
        // Without a lock the engine reads before it writes: that read passes, the ones after fail.
        if (!locked) h.forge.inject({ fault: { kind: 'delay', ms: 0 }, method: 'GET', path: `/issues/${target.index}` });
        h.forge.inject({ fault: { kind: 'error-before-write' }, method: 'GET', path: `/issues/${target.index}`, times: 3 });
        const r = rejected(await h.edit(target, append('landed unseen'), view));
        const body = stored(h, target);
        expect(r.reason).toBe('unknown-outcome');
        expect(r.sentBody).toBe(body); // it did land: the engine says it may have
        expect(occurrences(body, 'landed unseen')).toBe(1);
        expect(acceptedWrites(h)).toHaveLength(0); // the only write was answered by a dropped connection
        expect(h.writes()).toHaveLength(1);
        expect(renderResult(r)).toContain('may or may not have landed');
        checkWrites(h, target);

        // The user reloads and edits again: the earlier text is there once, and stays once.
        h.forge.clearFaults();
        const c = confirmed(await h.edit(target, tick('echo task'), await h.view(target)));
        expect(occurrences(stored(h, target), 'landed unseen')).toBe(1);
        expectTruthfulConfirmation(h, target, c, locked);
      });
    });

    it('a write that outlives its request and lands while the retry is on its way: the append lands once', async () => {
      const target = seedPost(h, 'issue', CHECKLIST);
      const view = await h.view(target);
      const impatient = engineWithWriteTimeout(h, 300);
      begin();
      // The first write is held past the client's timeout and then commits; the retry that follows
      // the read-back is held less, but long enough to arrive after that commit.
      h.forge.inject({ fault: { kind: 'delay', ms: 400 } });
      h.forge.inject({ fault: { kind: 'delay', ms: 200 } });
      const result = await impatient.edit({ target, op: append('one append'), seen: view.seen, facts: view.facts });
      await until(() => h.writes().length >= 2); // both held writes have been answered
      const body = stored(h, target);
      expect(occurrences(body, 'one append')).toBe(1);
      const accepted = acceptedWrites(h);
      expect(new Set(accepted.map((w) => w.fields.content))).toEqual(new Set([body])); // every accepted write carried the same body
      const c = confirmed(result);
      expectTruthfulConfirmation(h, target, c, locked);
      if (locked) {
        expect(accepted).toHaveLength(1);
        expect([c.versionBefore, c.versionAfter]).toEqual([view.seen.version, view.seen.version! + 1]);
      }
      checkWrites(h, target);
    });

    // Slow by design (the writes are held long past the engine's last look): one profile with
    // and one without the lock.
    if (name === 'gitea-1.26' || name === 'gitea-1.22') it('two writes that both outlive their requests: unknown-outcome, truthfully — the first lands later', async () => {
      const target = seedPost(h, 'issue', CHECKLIST);
      const view = await h.view(target);
      const impatient = engineWithWriteTimeout(h, 150);
      begin();
      h.forge.inject({ fault: { kind: 'delay', ms: 1_200 }, times: 2 });
      const r = rejected(await impatient.edit({ target, op: append('late but once'), seen: view.seen, facts: view.facts }));
      expect(r.reason).toBe('unknown-outcome');
      expect(r.liveBody).toBe(CHECKLIST); // not there when the engine last looked
      expect(r.sentBody).toBe(`${CHECKLIST}\nlate but once`);
      // Both held writes run to their end: the first lands, the second is refused by the lock (or,
      // without one, writes the same body again).
      await until(() => h.writes().length >= 2);
      const body = stored(h, target);
      expect(body).toBe(r.sentBody);
      expect(occurrences(body, 'late but once')).toBe(1);
      expect(new Set(acceptedWrites(h).map((w) => w.fields.content))).toEqual(new Set([body]));
      checkWrites(h, target);
    });

    describe('a CSRF token that expires mid-session', () => {
      it('several edits, the token expires, more edits: each lands once, a refused token writes nothing', async () => {
        const target = seedPost(h, 'issue', CHECKLIST);
        const page = await OpenPage.load(h, target);
        expect(page.token === null).toBe(!token);
        begin();
        for (const l of ['alpha', 'bravo']) confirmed(await page.edit(tick(`${l} task`)));
        expect(h.writes().map((w) => w.status)).toEqual([200, 200]);

        h.forge.expireCsrfTokens();
        h.forge.clearRequests();
        confirmed(await page.edit(tick('charlie task')));
        const burst = (await Promise.all(['delta', 'echo', 'foxtrot'].map((l) => page.edit(tick(`${l} task`))))).map(confirmed);
        const body = stored(h, target);
        expect(body).toBe(CHECKLIST.replaceAll('- [ ]', '- [x]'));
        // The first of the burst went out alone; the two behind it were confirmed by the last write.
        for (const c of burst.slice(1)) expectTruthfulConfirmation(h, target, c, locked);
        const statuses = checkWrites(h, target).map((w) => w.status);
        if (token && locked) {
          // The page still holds the expired token: each batch that starts from it is refused once
          // (nothing stored), the client reads a fresh token and writes again; a batch that follows
          // our own write carries the fresh one.
          expect(statuses).toEqual([400, 200, 400, 200, 200]);
          const refused = h.writes().filter((w) => w.status === 400);
          for (const w of refused) expect(w.fields._csrf).toBe(page.token);
        } else {
          // No token at all (new forges), or a forge without a lock, which reads the live page —
          // and with it a fresh token — before every write.
          expect(statuses).toEqual([200, 200, 200]);
        }
        for (const w of h.writes().filter((x) => x.status === 200)) {
          if (token) expect(w.fields._csrf).not.toBe(page.token);
          else expect(w.fields._csrf).toBeUndefined();
        }
      });
    });

    describe('a post deleted while being edited', () => {
      for (const kind of ['issue', 'comment'] as const) {
        it(`${kind}: deleted under the first write: every op is 'gone', nothing is stored`, async () => {
          const target = seedPost(h, kind, CHECKLIST);
          const view = await h.view(target);
          const before = h.forge.post(h.ref(target));
          begin();
          h.forge.inject({ fault: { kind: 'delay', ms: 200 } });
          const pending = [h.edit(target, tick('alpha task'), view), h.edit(target, tick('bravo task'), view), h.edit(target, append('late note'), view)];
          await sleep(20); // the first write is on its way, and held
          h.forge.deletePost(h.ref(target));
          const results = (await Promise.all(pending)).map(rejected);
          for (const r of results) {
            expect(r.reason).toBe('gone');
            expect(renderResult(r)).toContain('no longer exists');
          }
          expect(h.forge.post(h.ref(target))).toMatchObject({ body: before.body, version: before.version, deleted: true });
          expect(acceptedWrites(h)).toHaveLength(0);
          for (const w of checkWrites(h, target)) expect(w.status).toBe(404);
          expect(await h.engine.ledger()).not.toEqual(expect.arrayContaining([expect.objectContaining({ target })]));
        });
      }

      it('deleted between the first write and the ones queued behind it: the first is confirmed, the rest gone', async () => {
        const target = seedPost(h, 'comment', CHECKLIST);
        const view = await h.view(target);
        begin();
        h.forge.inject({ fault: { kind: 'delay', ms: 80 } });
        h.forge.inject({ fault: { kind: 'delay', ms: 200 } });
        if (!locked) {
          // Without a lock the queued batch reads first: hold that read (not the first one) instead.
          h.forge.inject({ fault: { kind: 'delay', ms: 0 }, method: 'GET', path: `/issues/${target.index}` });
          h.forge.inject({ fault: { kind: 'delay', ms: 200 }, method: 'GET', path: `/issues/${target.index}` });
        }
        const first = h.edit(target, tick('alpha task'), view);
        const queued = [h.edit(target, tick('bravo task'), view), h.edit(target, append('late note'), view)];
        await until(() => h.writes().some((w) => w.status === 200));
        h.forge.deletePost(h.ref(target));
        const c = confirmed(await first);
        const body = h.forge.post(h.ref(target)).body;
        expect(c.body).toBe(body);
        expect(body).toBe(CHECKLIST.replace('- [ ] alpha', '- [x] alpha'));
        for (const r of (await Promise.all(queued)).map(rejected)) expect(r.reason).toBe('gone');
        // Locked: the queued write is answered 404. No lock: the read before it already was.
        expect(checkWrites(h, target).map((w) => w.status)).toEqual(locked ? [200, 404] : [200]);
      });
    });

    describe('HTML where JSON belongs', () => {
      it('a 200 HTML page answering the write: bad-answer, nothing stored, the next edit works', async () => {
        const target = seedPost(h, 'issue', CHECKLIST);
        const view = await h.view(target);
        const before = h.forge.post(h.ref(target));
        begin();
        h.forge.inject({ fault: { kind: 'html-instead-of-json' } });
        const r = rejected(await h.edit(target, append('not stored'), view));
        expect(r.reason).toBe('bad-answer');
        expect(r.detail).toContain('HTML');
        expect(r.liveBody).toBe(before.body); // read back: provably not written
        expect(h.forge.post(h.ref(target))).toMatchObject({ body: before.body, version: before.version });
        expect(checkWrites(h, target)).toHaveLength(1);

        const c = confirmed(await h.edit(target, append('stored once'), view));
        expect(stored(h, target)).toBe(`${before.body}\nstored once`);
        expectTruthfulConfirmation(h, target, c, locked);
      });

      it('a sign-in wall answering the re-read: bad-answer, not a deleted post', async () => {
        const target = seedPost(h, 'issue', CHECKLIST);
        const view = await h.view(target);
        const theirs = `${CHECKLIST}Someone else's line.\n`;
        h.forge.setBody(h.ref(target), theirs);
        begin();
        h.forge.inject({ fault: { kind: 'html-instead-of-json' }, method: 'GET', path: `/issues/${target.index}`, times: 5 });
        const r = rejected(await h.edit(target, tick('alpha task'), view));
        expect(r.reason).toBe('bad-answer');
        expect(stored(h, target)).toBe(theirs);
        expect(acceptedWrites(h)).toHaveLength(0);
        // Locked: the stale write was refused by the lock, then the re-read hit the wall. No lock:
        // the read before the write hit it, so nothing was sent.
        expect(checkWrites(h, target).map((w) => w.status)).toEqual(locked ? [400] : []);
      });
    });

    it('a burst whose first write fails after commit and whose batch holds a stale op: each op answered on its own', async () => {
      const target = seedPost(h, 'issue', 'Owner: alpha\n\n- [ ] review\n- [ ] ship\n');
      const view = await h.view(target);
      begin();
      h.forge.inject({ fault: { kind: 'error-after-write' } });
      const results: EditResult[] = await Promise.all([
        h.edit(target, { kind: 'patch', edits: [{ old: 'Owner: alpha', new: 'Owner: bravo' }] }, view),
        h.edit(target, { kind: 'patch', edits: [{ old: 'Owner: alpha', new: 'Owner: charlie' }] }, view),
        h.edit(target, tick('ship'), view),
      ]);
      expect(results.map((r) => r.ok)).toEqual([true, false, true]);
      const stale = rejected(results[1]!);
      expect(stale.reason).toBe('drifted');
      expect(stale.liveBody).toBe('Owner: bravo\n\n- [ ] review\n- [ ] ship\n');
      expect(stored(h, target)).toBe('Owner: bravo\n\n- [ ] review\n- [x] ship\n');
      expect(checkWrites(h, target).map((w) => w.status)).toEqual([500, 200]);
      expectTruthfulConfirmation(h, target, confirmed(results[2]!), locked);
    });
  });
}

for (const profile of FAULT_PROFILES) describeFaults(profile);
