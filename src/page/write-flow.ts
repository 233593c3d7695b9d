// Carrying out one edit from the page: send it, keep the page in step, toast the outcome (the
// overlay words it with renderResult), and on a refusal explain it and offer the way forward.
import { applyOp, type BodyOp } from '../body/index';
import type { EditResult, Rejection, Seen } from '../protocol/index';
import type { ConflictChoice } from '../overlay/ConflictView';
import { postNoun, type FeatureContext } from './feature-context';
import { factsOf, type PagePost } from './post';

/** Sends one op for a post and reports the outcome; the page is updated on success. */
export async function writeOp(ctx: FeatureContext, post: PagePost, op: BodyOp, seen: Seen): Promise<EditResult> {
  ctx.sync.begin(post, op);
  let result: EditResult | null = null;
  try {
    result = await ctx.client.edit({ type: 'edit', target: post.target, op, seen, facts: factsOf(post, ctx.hints()) });
    return result;
  } finally {
    if (result !== null) {
      ctx.sync.end(post, op, result);
      ctx.overlay.toast(result);
    }
  }
}

/** True when the op still applies to `body` (its anchors hold there). */
export function opHoldsOn(ctx: FeatureContext, body: string, op: BodyOp): boolean {
  return applyOp(body, op, { sectionPrefix: ctx.settings.sectionPrefix }).status !== 'rejected';
}

/** Opens the conflict view for a refusal that came with the live body; null when there is nothing to show. */
export async function explainRefusal(
  ctx: FeatureContext,
  post: PagePost,
  rejection: Rejection,
  op: BodyOp,
  seen: Seen,
  draft: string | null,
  canApply: boolean = opHoldsOn(ctx, rejection.liveBody ?? '', op),
): Promise<ConflictChoice | null> {
  if (rejection.liveBody === null) return null;
  return ctx.overlay.conflict({
    rejection,
    seenBody: seen.body,
    flips: rejection.checklistChanges?.flips ?? null,
    draft,
    canApply,
    postName: postNoun(post),
  });
}

/** Under policy requireReviewBeforeWrite, shows the change and asks; ticks are never held up. */
export async function reviewIfAsked(ctx: FeatureContext, post: PagePost, op: BodyOp, seen: Seen): Promise<boolean> {
  if (!ctx.settings.requireReviewBeforeWrite || op.kind === 'task-toggle') return true;
  const trial = applyOp(seen.body, op, { sectionPrefix: ctx.settings.sectionPrefix });
  // An op that does not apply is sent anyway: the engine's refusal explains it properly.
  if (trial.status === 'rejected') return true;
  return ctx.overlay.review(`Review your change to the ${postNoun(post)}`, seen.body, trial.body);
}

export type CarryOutcome =
  | { status: 'done'; result: EditResult }
  | { status: 'back' }
  | { status: 'kept'; rejection: Rejection }
  | { status: 'edit-on-top'; live: { body: string; version: number | null } };

/**
 * Sends an op and follows the user through refusals: "apply my change to the live text" sends
 * the same op again against the live body; "edit on top" hands the live body back to the caller.
 * `onResult` sees every answer as it comes (a checkbox shows it at once).
 */
export async function carryOut(
  ctx: FeatureContext,
  post: PagePost,
  op: BodyOp,
  seen: Seen,
  draft: string | null,
  onResult: (result: EditResult) => void = () => {},
): Promise<CarryOutcome> {
  let base = seen;
  for (;;) {
    if (!(await reviewIfAsked(ctx, post, op, base))) return { status: 'back' };
    const result = await writeOp(ctx, post, op, base);
    onResult(result);
    if (result.ok) return { status: 'done', result };
    const choice = await explainRefusal(ctx, post, result, op, base, draft);
    if (result.liveBody !== null && choice === 'apply') {
      base = { body: result.liveBody, version: result.liveVersion };
      continue;
    }
    if (result.liveBody !== null && choice === 'edit') {
      return { status: 'edit-on-top', live: { body: result.liveBody, version: result.liveVersion } };
    }
    return { status: 'kept', rejection: result };
  }
}
