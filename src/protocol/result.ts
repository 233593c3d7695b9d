// The one carrier of every side effect's outcome: a Confirmation or a Rejection. The engine
// returns one per op; the page's toast and the popup's ledger both render it with
// renderResult, so no other code words an outcome.
import * as z from 'zod/mini';
import { BodyOpSchema, type BodyOp } from './body-op';
import { ChecklistChangeSchema, ChecklistFlipSchema } from './checklist';
import { LineDiffSchema } from './line-diff';
import { PostTargetSchema } from './post-target';

export const VerbSchema = z.enum(['tick', 'untick', 'patch', 'append', 'section-replace', 'undo', 'read']);
export type Verb = z.infer<typeof VerbSchema>;

/** The verb an op is reported with. */
export function verbOf(op: BodyOp): Verb {
  switch (op.kind) {
    case 'task-toggle':
      return op.checked ? 'tick' : 'untick';
    case 'patch':
      return 'patch';
    case 'append':
      return 'append';
    case 'section-replace':
      return 'section-replace';
  }
}

const VersionSchema = z.nullable(z.int().check(z.nonnegative()));

export const ConfirmationSchema = z.strictObject({
  ok: z.literal(true),
  verb: VerbSchema,
  /** The op as carried out (for an undo: the inverse patch). */
  op: BodyOpSchema,
  target: PostTargetSchema,
  /** src/body's one-sentence summary of what the op did (or its notice for a no-op). */
  summary: z.string(),
  /** The version the write was made under; null on forges without a lock. */
  versionBefore: VersionSchema,
  /** The version the forge answered with; equal to versionBefore when nothing was written. */
  versionAfter: VersionSchema,
  /** True when the op was re-applied on top of a body someone else had changed meanwhile. */
  rebased: z.boolean(),
  /** False when the forge has no lock: the write was last-write-wins (the toast warns). */
  locked: z.boolean(),
  /** True when the body already was as asked, so nothing was written for this op. */
  noop: z.boolean(),
  /** The checklist flips this op made, or null when it flipped none (or they do not pair up). */
  flips: z.nullable(z.array(ChecklistFlipSchema)),
  /** The forge's freshly rendered HTML of the post; null when no answer carried it. */
  renderedHtml: z.nullable(z.string()),
  /** The post's body as it now stands on the forge. */
  body: z.string(),
  /** The ledger entry recorded for this edit (for undo); null when nothing was recorded. */
  ledgerId: z.nullable(z.string()),
});
export type Confirmation = z.infer<typeof ConfirmationSchema>;

export const REJECTION_REASONS = [
  // src/body's verdicts on the op against a body
  'drifted',
  'ambiguous',
  'overlap',
  'absent-section',
  'unbalanced-section',
  'invalid',
  // the protected cycle
  'conflict-retries-exhausted',
  'no-lock-changed',
  'unknown-outcome',
  // policy
  'lock-required',
  'op-not-allowed',
  'too-large',
  // the forge's answers
  'refused', // a 400 that re-reading showed was not a version conflict (e.g. a blocked user)
  'forbidden',
  'gone',
  'csrf',
  'cross-origin',
  'no-content',
  'bad-answer',
  'server-error',
  'network',
] as const;
export const RejectionReasonSchema = z.enum(REJECTION_REASONS);
export type RejectionReason = z.infer<typeof RejectionReasonSchema>;

export const RejectionSchema = z.strictObject({
  ok: z.literal(false),
  verb: VerbSchema,
  /** The op that was refused; null for a failed read. */
  op: z.nullable(BodyOpSchema),
  target: PostTargetSchema,
  reason: RejectionReasonSchema,
  /** One sentence with the specifics (src/body's detail, the forge's message, a status code). */
  detail: z.string(),
  /** The body on the forge when the refusal was decided, when it was read. */
  liveBody: z.nullable(z.string()),
  liveVersion: z.nullable(z.int().check(z.nonnegative())),
  /** For an unknown outcome: the body that was sent and may or may not have landed. */
  sentBody: z.nullable(z.string()),
  /** What changed between what the page showed and the live body; null when unchanged or unread. */
  diff: z.nullable(LineDiffSchema),
  /** Checklist flips between what the page showed and the live body. */
  checklistChanges: z.nullable(ChecklistChangeSchema),
  /** How many writes were attempted before giving up. */
  attempts: z.int().check(z.nonnegative()),
});
export type Rejection = z.infer<typeof RejectionSchema>;

export const EditResultSchema = z.discriminatedUnion('ok', [ConfirmationSchema, RejectionSchema]);
export type EditResult = Confirmation | Rejection;
