// Builders for the Confirmation and Rejection objects the cycle answers with.
import { diffChecklists } from '../body/index';
import type { BodyOp, Confirmation, PostTarget, Rejection, RejectionReason, Seen, Verb } from '../protocol/index';
import { toLf } from './body-compare';
import { lineDiff } from './line-diff';
import type { PendingOp } from './pending-op';

export interface LiveView {
  body: string;
  version: number | null;
}

export function rejection(
  p: { target: PostTarget; op: BodyOp | null; verb: Verb; seen: Seen | null },
  reason: RejectionReason,
  detail: string,
  extra: { live?: LiveView | null; sentBody?: string | null; attempts?: number } = {},
): Rejection {
  const live = extra.live ?? null;
  const seen = p.seen;
  return {
    ok: false,
    verb: p.verb,
    op: p.op,
    target: p.target,
    reason,
    detail,
    liveBody: live?.body ?? null,
    liveVersion: live?.version ?? null,
    sentBody: extra.sentBody ?? null,
    diff: live !== null && seen !== null ? lineDiff(seen.body, live.body) : null,
    checklistChanges: live !== null && seen !== null ? diffChecklists(toLf(seen.body), toLf(live.body)) : null,
    attempts: extra.attempts ?? 0,
  };
}

export function confirmation(
  p: Pick<PendingOp, 'target' | 'op' | 'verb'>,
  fields: Omit<Confirmation, 'ok' | 'verb' | 'op' | 'target'>,
): Confirmation {
  return { ok: true, verb: p.verb, op: p.op, target: p.target, ...fields };
}
