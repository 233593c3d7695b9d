// The background engine: takes edit requests, undo and reads, runs them through per-post
// queues and the protected cycle, and answers every op with one Confirmation or Rejection.
import { applyOp } from '../body/index';
import type { ForgeClient, LiveRead } from '../forge/index';
import {
  updatePathOf,
  verbOf,
  type EditRequest,
  type EditResult,
  type EnginePolicy,
  type ForgeStatus,
  type LedgerEntry,
  type PageFacts,
  type PostTarget,
  type ReadPostResult,
} from '../protocol/index';
import { changedSpans } from './changed-spans';
import { runBatch } from './cycle';
import type { Ledger } from './ledger';
import { confirmation, rejection } from './outcomes';
import type { PendingOp } from './pending-op';
import { opAllowed, sizeProblem, textProblem } from './policy';
import { createPostQueues } from './post-queues';

export interface EngineOptions {
  forge: ForgeClient;
  ledger: Ledger;
  /** Read at every request, so a changed policy applies at once. */
  policy: () => EnginePolicy;
  now?: () => number;
}

export type UndoFailure = { ok: false; reason: 'invalid-message' | 'not-allowed'; detail: string };

export interface Engine {
  edit(request: EditRequest): Promise<EditResult>;
  /** Undo a ledger entry. `onlyOrigin` restricts it to entries on that forge. */
  undo(entryId: string, onlyOrigin?: string): Promise<EditResult | UndoFailure>;
  readPost(target: PostTarget): Promise<ReadPostResult>;
  ledger(limit?: number): Promise<LedgerEntry[]>;
  forgeStatus(): ForgeStatus[];
  busyPosts(): number;
  policy(): EnginePolicy;
}

export function createEngine(options: EngineOptions): Engine {
  const now = options.now ?? Date.now;
  const forges = new Map<string, ForgeStatus>();
  const lastFacts = new Map<string, PageFacts>();

  /** `fromPage`: the facts come from a whole page, so a missing token means the forge uses none. */
  function noteFacts(origin: string, facts: PageFacts, locked: boolean, fromPage: boolean): void {
    const previous = forges.get(origin);
    lastFacts.set(origin, fromPage ? facts : { ...facts, forgeVersion: facts.forgeVersion ?? previous?.forgeVersion ?? null });
    forges.set(origin, {
      origin,
      forge: facts.forge ?? previous?.forge ?? null,
      forgeVersion: facts.forgeVersion ?? previous?.forgeVersion ?? null,
      locked,
      csrfToken: fromPage ? facts.csrfToken !== null : (previous?.csrfToken ?? null),
      lastSeen: now(),
    });
  }
  const onRead = (target: PostTarget) => (live: LiveRead) =>
    noteFacts(target.origin, live.facts, live.version !== null, live.source === 'page');

  const queues = createPostQueues(
    (batch, known) => {
      const target = (batch[0] as PendingOp).target;
      return runBatch(batch, known, {
        forge: options.forge,
        policy: options.policy(),
        hints: lastFacts.get(target.origin) ?? null,
        onRead: onRead(target),
        record: async (p, change) => {
          const entry = await options.ledger.record({
            target: p.target,
            verb: p.verb,
            op: p.op,
            summary: change.summary,
            spans: changedSpans(change.before, change.after),
            versionBefore: change.versionBefore,
            versionAfter: change.versionAfter,
            locked: change.locked,
            undoes: p.undoes,
          });
          if (p.undoes !== null) await options.ledger.markUndone(p.undoes, entry.id);
          return entry.id;
        },
      });
    },
    (p, error) => p.resolve(rejection(p, 'unknown-outcome', `the engine failed: ${error instanceof Error ? error.message : String(error)}`)),
  );

  function submit(p: Omit<PendingOp, 'resolve'>): Promise<EditResult> {
    return new Promise((resolve) => {
      let settled = false;
      queues.enqueue({
        ...p,
        resolve(result) {
          if (settled) return;
          settled = true;
          resolve(result);
        },
      });
    });
  }

  async function edit(request: EditRequest): Promise<EditResult> {
    const policy = options.policy();
    const p = { target: request.target, op: request.op, verb: verbOf(request.op), seen: request.seen, facts: request.facts, undoes: null };
    const expectedPath = updatePathOf(request.target);
    // The page's data-update-url is a path on the forge; an absolute URL must name this origin.
    const updateUrl = stripQuery(request.facts.updateUrl);
    if (updateUrl !== expectedPath && updateUrl !== `${request.target.origin}${expectedPath}`) {
      return rejection(p, 'invalid', `the page's update URL does not belong to this post (expected …${expectedPath})`);
    }
    noteFacts(request.target.origin, request.facts, request.facts.contentVersion !== null, true);
    if (!opAllowed(policy, request.op)) return rejection(p, 'op-not-allowed', `policy allows ${policy.allowedOps.join(', ') || 'no ops'}`);

    // Step 1 of the cycle: the op must apply to what the page showed, or nothing is sent.
    const onSeen = applyOp(request.seen.body, request.op, { sectionPrefix: policy.sectionPrefix });
    if (onSeen.status === 'rejected') return rejection(p, onSeen.reason, onSeen.detail);
    if (onSeen.status === 'noop') {
      return confirmation(p, {
        summary: onSeen.notice,
        versionBefore: request.seen.version,
        versionAfter: request.seen.version,
        rebased: false,
        locked: request.facts.contentVersion !== null,
        noop: true,
        flips: null,
        renderedHtml: null,
        body: request.seen.body,
        ledgerId: null,
      });
    }
    const tooLarge = sizeProblem(policy, onSeen.body);
    if (tooLarge !== null) return rejection(p, 'too-large', tooLarge);
    const unsendable = textProblem(onSeen.body);
    if (unsendable !== null) return rejection(p, 'invalid', unsendable);
    if (request.facts.contentVersion === null && policy.requireVersionLock) {
      return rejection(p, 'lock-required', 'the page shows no content_version for this post');
    }
    return submit(p);
  }

  async function undo(entryId: string, onlyOrigin?: string): Promise<EditResult | UndoFailure> {
    const entry = await options.ledger.get(entryId);
    if (entry === null) return { ok: false, reason: 'invalid-message', detail: `no ledger entry ${entryId}` };
    if (onlyOrigin !== undefined && entry.target.origin !== onlyOrigin) {
      return { ok: false, reason: 'not-allowed', detail: 'that edit was made on another forge' };
    }
    const op = { kind: 'patch' as const, edits: entry.spans.map((s) => ({ old: s.after, new: s.before })) };
    const p = { target: entry.target, op, verb: 'undo' as const, seen: null, facts: null, undoes: entry.id };
    if (entry.undoneBy !== null) return rejection(p, 'invalid', 'this edit has already been undone');
    if (!opAllowed(options.policy(), entry.op)) return rejection(p, 'op-not-allowed', `policy does not allow ${entry.op.kind}`);
    if (op.edits.length === 0) return rejection(p, 'invalid', 'the ledger holds no changed text for this edit');
    return submit(p);
  }

  async function readPost(target: PostTarget): Promise<ReadPostResult> {
    const outcome = await options.forge.readPost(target, lastFacts.get(target.origin) ?? null);
    if (!outcome.ok) {
      return rejection({ target, op: null, verb: 'read', seen: null }, outcome.reason, outcome.detail);
    }
    onRead(target)(outcome.live);
    const live = outcome.live;
    return { ok: true, target, body: live.body, version: live.version, locked: live.version !== null, facts: live.facts };
  }

  return {
    edit,
    undo,
    readPost,
    ledger: (limit) => options.ledger.list(limit),
    forgeStatus: () => [...forges.values()],
    busyPosts: () => queues.busyPosts(),
    policy: options.policy,
  };
}

function stripQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}
