// One confirmed edit as the ledger keeps it: enough to list it in the popup and to undo it.
import * as z from 'zod/mini';
import { BodyOpSchema } from './body-op';
import { PostTargetSchema } from './post-target';
import { VerbSchema } from './result';

/**
 * A changed span with enough unchanged context around it to occur once in the body the edit
 * produced. Undo patches `after` back to `before`.
 */
export const ChangedSpanSchema = z.strictObject({
  before: z.string(),
  after: z.string(),
});
export type ChangedSpan = z.infer<typeof ChangedSpanSchema>;

export const LedgerEntrySchema = z.strictObject({
  id: z.string().check(z.minLength(1)),
  /** Milliseconds since the epoch. */
  time: z.number(),
  target: PostTargetSchema,
  verb: VerbSchema,
  op: BodyOpSchema,
  summary: z.string(),
  spans: z.array(ChangedSpanSchema),
  versionBefore: z.nullable(z.int()),
  versionAfter: z.nullable(z.int()),
  locked: z.boolean(),
  /** For an undo entry: the entry it undid. */
  undoes: z.nullable(z.string()),
  /** Set once this entry has been undone, to the undo's entry id. */
  undoneBy: z.nullable(z.string()),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;
