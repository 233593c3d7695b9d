// The protected cycle (design §4) for one batch of ops on one post: apply every op to the
// base body, write the result under the base version, and on a refusal read the live body,
// re-apply the same ops to it and write again — at most MAX_WRITE_ATTEMPTS writes. An
// unclear outcome is settled by reading back, never by sending the same body blindly.
import { applyOp, diffChecklists, lineBreakOf, type ApplyOptions, type OpResult } from '../body/index';
import type { BodyOp, EnginePolicy, PageFacts, RejectionReason } from '../protocol/index';
import type { ForgeClient, LiveRead, ReadFailureReason } from '../forge/index';
import { sameBody } from './body-compare';
import { confirmation, rejection, type LiveView } from './outcomes';
import type { KnownState, PendingOp } from './pending-op';
import { sizeProblem, textProblem } from './policy';

export const MAX_WRITE_ATTEMPTS = 3;

export interface CycleDeps {
  forge: ForgeClient;
  policy: EnginePolicy;
  /** What pages of this forge said last, to pick the cheapest read when no page facts came along. */
  hints: PageFacts | null;
  /** Called with every successful read (for per-forge status). */
  onRead(live: LiveRead): void;
  /** Records a confirmed, applied op in the ledger; returns the entry id. */
  record(p: PendingOp, change: { before: string; after: string; summary: string; versionBefore: number | null; versionAfter: number | null; locked: boolean }): Promise<string | null>;
}

interface Base extends KnownState {
  /** True when the body is what the forge holds (read, or written by us), not just what a page showed. */
  live: boolean;
}

interface Step {
  p: PendingOp;
  applied: boolean;
  before: string;
  after: string;
  /** src/body's summary (applied) or notice (no-op). */
  text: string;
}

/** Runs one batch; returns what the forge now holds, when known, for the next batch. */
export async function runBatch(batch: PendingOp[], known: KnownState | null, deps: CycleDeps): Promise<KnownState | null> {
  const first = batch[0];
  if (first === undefined) return known;
  const target = first.target;
  let ops = batch;

  const rejectAll = (reason: RejectionReason, detail: string, extra: Parameters<typeof rejection>[3] = {}) => {
    for (const p of ops) p.resolve(rejection(p, reason, detail, extra));
  };
  const read = async (facts: KnownState['facts'] | null): Promise<Base | { failed: ReadFailureReason; detail: string }> => {
    const outcome = await deps.forge.readPost(target, facts);
    if (!outcome.ok) return { failed: outcome.reason, detail: outcome.detail };
    deps.onRead(outcome.live);
    return { body: outcome.live.body, version: outcome.live.version, facts: outcome.live.facts, live: true };
  };

  // The starting base: what our last write produced, else what the page showed, else a read.
  let base: Base;
  // Set once the ops are re-applied on top of a body someone else changed.
  let rebased = false;
  let readJustNow = false;
  if (known !== null) base = { ...known, live: true };
  else if (first.seen !== null && first.facts !== null) {
    const version = first.facts.contentVersion === null ? null : (first.seen.version ?? first.facts.contentVersion);
    base = { body: first.seen.body, version, facts: first.facts, live: false };
  } else {
    const fresh = await read(deps.hints);
    if ('failed' in fresh) {
      rejectAll(fresh.failed, fresh.detail);
      return null;
    }
    base = fresh;
    readJustNow = true;
  }

  // Without a lock nothing protects the write: read, and write only over the body the page showed.
  if (base.version === null && deps.policy.requireVersionLock) {
    rejectAll('lock-required', 'the post has no content_version');
    return known;
  }
  if (base.version === null && !readJustNow) {
    const fresh = await read(base.facts);
    if ('failed' in fresh) {
      rejectAll(fresh.failed, fresh.detail);
      return null;
    }
    if (fresh.version === null && !sameBody(fresh.body, base.body)) {
      rejectAll('no-lock-changed', 'the live body differs from the one the page showed', { live: fresh });
      return fresh;
    }
    // A version after all (the forge has a lock the page did not show): the locked cycle below
    // re-applies the ops to this live body.
    rebased = !sameBody(fresh.body, base.body);
    base = fresh;
  }

  const initialVersion = base.version;
  const locked = base.version !== null;
  let attempts = 0;
  let retriedUnclear = false;
  // A write whose outcome was unclear and that reading back showed had not landed (yet): it may
  // still land late, while its retry is on the way.
  let unclear: { body: string; version: number | null } | null = null;
  // Set once a write went unanswered (timeout, dropped connection): unlike one answered with a
  // 5xx, it may still be in flight, so no read can prove that it will not land.
  let unansweredWrite = false;

  for (;;) {
    // Apply every op, in order, to the base. An op that no longer applies is answered alone.
    const steps: Step[] = [];
    let body = base.body;
    for (const p of ops) {
      const result = applyToLive(body, p.op, { sectionPrefix: deps.policy.sectionPrefix });
      if (result.status === 'rejected') {
        p.resolve(rejection(p, result.reason, result.detail, { live: base.live ? base : null, attempts }));
        continue;
      }
      steps.push({ p, applied: result.status === 'applied', before: body, after: result.body, text: result.status === 'applied' ? result.summary : result.notice });
      body = result.body;
    }
    ops = steps.map((s) => s.p);
    if (steps.length === 0) return base.live ? base : known;
    const finalBody = body;

    if (finalBody === base.body) {
      // Nothing to write (every op already holds, or they cancel out).
      await confirmSteps(steps, { versionBefore: base.version, versionAfter: base.version, renderedHtml: null, body: finalBody, rebased, locked, deps, wrote: false });
      return base.live ? base : known;
    }
    const tooLarge = sizeProblem(deps.policy, finalBody);
    if (tooLarge !== null) {
      rejectAll('too-large', tooLarge, { live: base.live ? base : null, attempts });
      return base.live ? base : known;
    }
    const unsendable = textProblem(finalBody);
    if (unsendable !== null) {
      rejectAll('invalid', unsendable, { live: base.live ? base : null, attempts });
      return base.live ? base : known;
    }
    if (attempts >= MAX_WRITE_ATTEMPTS) {
      rejectAll('conflict-retries-exhausted', `refused ${attempts} times: the post kept changing`, { live: base, attempts });
      return base;
    }

    attempts++;
    const outcome = await deps.forge.writePost(target, { content: finalBody, version: base.version, facts: base.facts });
    base = { ...base, facts: { ...base.facts, csrfToken: outcome.csrfToken } };

    switch (outcome.kind) {
      case 'written': {
        const versionAfter = outcome.version;
        await confirmSteps(steps, { versionBefore: base.version, versionAfter, renderedHtml: outcome.renderedHtml, body: finalBody, rebased, locked: locked && versionAfter !== null, deps, wrote: true });
        if (!locked) return { body: finalBody, version: null, facts: base.facts }; // a version there proves nothing
        return versionAfter === null ? null : { body: finalBody, version: versionAfter, facts: { ...base.facts, contentVersion: versionAfter } };
      }

      case 'refused': {
        // A 400 alone does not prove a conflict (the text is localized and other refusals share
        // the shape): a conflict is a version that moved.
        if (!locked) {
          rejectAll('refused', outcome.detail, { attempts });
          return known;
        }
        const fresh = await read(base.facts);
        if ('failed' in fresh) {
          rejectAll(fresh.failed, fresh.detail, { attempts });
          return null;
        }
        if (fresh.version === base.version) {
          rejectAll('refused', outcome.detail, { live: fresh, attempts });
          return fresh;
        }
        if (unclear !== null && fresh.version !== unclear.version && sameBody(fresh.body, unclear.body) && sameBody(finalBody, unclear.body)) {
          // The earlier write landed after all, late: re-applying the ops now would apply them twice.
          await confirmSteps(steps, { versionBefore: unclear.version, versionAfter: fresh.version, renderedHtml: null, body: fresh.body, rebased, locked, deps, wrote: true });
          return fresh;
        }
        rebased = rebased || fresh.version !== initialVersion;
        base = fresh;
        continue;
      }

      case 'unknown':
      case 'bad-answer': {
        if (outcome.kind === 'unknown' && outcome.cause === 'network') unansweredWrite = true;
        const fresh = await read(base.facts);
        if ('failed' in fresh) {
          rejectAll('unknown-outcome', `${outcome.detail}; reading back failed too (${fresh.detail})`, { sentBody: finalBody, attempts });
          return null;
        }
        const moved = !locked || fresh.version !== base.version;
        if (moved && sameBody(fresh.body, finalBody)) {
          // It landed: confirm without writing again.
          await confirmSteps(steps, { versionBefore: base.version, versionAfter: fresh.version, renderedHtml: null, body: fresh.body, rebased, locked, deps, wrote: true });
          return fresh;
        }
        const notApplied = (locked && fresh.version === base.version) || sameBody(fresh.body, base.body);
        if (notApplied && outcome.kind === 'bad-answer') {
          rejectAll('bad-answer', outcome.detail, { live: fresh, attempts });
          return fresh;
        }
        if (notApplied && !retriedUnclear) {
          // Provably not written: once more through the refusal path (re-apply to the live body).
          retriedUnclear = true;
          unclear = { body: finalBody, version: base.version };
          rebased = rebased || (fresh.version !== initialVersion && !sameBody(fresh.body, base.body));
          base = fresh;
          continue;
        }
        if (notApplied && !unansweredWrite) {
          // Every write was answered with a 5xx and reading back shows none landed: the forge
          // failed, knowably — not an unknown outcome.
          rejectAll('server-error', outcome.detail, { live: fresh, attempts });
          return fresh;
        }
        rejectAll('unknown-outcome', outcome.detail, { live: fresh, sentBody: finalBody, attempts });
        return fresh;
      }

      case 'csrf':
      case 'cross-origin':
      case 'forbidden':
      case 'gone':
      case 'no-content':
        rejectAll(outcome.kind, outcome.detail, { attempts });
        return null;
    }
  }
}

/**
 * applyOp on a body the forge holds. Pages show bodies LF-normalized, but `/info` answers the
 * stored bytes, which may be CRLF: a patch whose multi-line anchors were taken from the page is
 * tried again with the body's line breaks, so line endings alone never make it drift.
 */
function applyToLive(body: string, op: BodyOp, options: ApplyOptions): OpResult {
  const result = applyOp(body, op, options);
  if (result.status !== 'rejected' || op.kind !== 'patch' || lineBreakOf(body) !== '\r\n') return result;
  const crlf = (text: string) => text.replace(/(?<!\r)\n/g, '\r\n');
  const edits = op.edits.map((e) => ({ ...e, old: crlf(e.old), new: crlf(e.new) }));
  if (edits.every((e, i) => e.old === op.edits[i]?.old && e.new === op.edits[i]?.new)) return result;
  const again = applyOp(body, { kind: 'patch', edits }, options);
  return again.status === 'rejected' ? result : again;
}

async function confirmSteps(
  steps: Step[],
  w: {
    versionBefore: number | null;
    versionAfter: number | null;
    renderedHtml: string | null;
    body: string;
    rebased: boolean;
    locked: boolean;
    deps: CycleDeps;
    wrote: boolean;
  },
): Promise<void> {
  for (const step of steps) {
    const p = step.p;
    if (!step.applied) {
      p.resolve(
        confirmation(p, {
          summary: step.text,
          versionBefore: w.versionAfter,
          versionAfter: w.versionAfter,
          rebased: w.rebased,
          locked: w.locked,
          noop: true,
          flips: null,
          renderedHtml: w.renderedHtml,
          body: w.body,
          ledgerId: null,
        }),
      );
      continue;
    }
    let ledgerId: string | null = null;
    if (w.wrote) {
      try {
        ledgerId = await w.deps.record(p, {
          before: step.before,
          after: step.after,
          summary: step.text,
          versionBefore: w.versionBefore,
          versionAfter: w.versionAfter,
          locked: w.locked,
        });
      } catch {
        // The edit is on the forge; a ledger that cannot be written must not turn it into a failure.
        ledgerId = null;
      }
    }
    p.resolve(
      confirmation(p, {
        summary: step.text,
        versionBefore: w.versionBefore,
        versionAfter: w.versionAfter,
        rebased: w.rebased,
        locked: w.locked,
        noop: false,
        flips: diffChecklists(step.before, step.after)?.flips ?? null,
        renderedHtml: w.renderedHtml,
        body: w.body,
        ledgerId,
      }),
    );
  }
}
