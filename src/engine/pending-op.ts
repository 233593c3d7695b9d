// An op waiting in (or running through) a post's queue, with the callback that answers it.
import type { BodyOp, EditResult, PageFacts, PostTarget, Seen, Verb } from '../protocol/index';

export interface PendingOp {
  target: PostTarget;
  op: BodyOp;
  verb: Verb;
  /** What the page showed; null for an undo, which starts from a fresh read. */
  seen: Seen | null;
  facts: PageFacts | null;
  /** For an undo: the ledger entry being undone. */
  undoes: string | null;
  /** Answers the op. Only the first call counts. */
  resolve(result: EditResult): void;
}

/** What the forge holds for a post, as far as the engine knows right now. */
export interface KnownState {
  body: string;
  version: number | null;
  facts: PageFacts;
}
