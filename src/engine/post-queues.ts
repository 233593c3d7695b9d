// One queue per post. Ops run one batch at a time; every op that arrives while a batch is in
// flight joins the next batch, which starts from the body the in-flight write produced, so a
// burst of ticks costs a few writes instead of a cascade of refusals.
import { postKey } from '../protocol/index';
import type { KnownState, PendingOp } from './pending-op';

export type BatchRunner = (batch: PendingOp[], known: KnownState | null) => Promise<KnownState | null>;
export type BatchFailure = (p: PendingOp, error: unknown) => void;

export interface PostQueues {
  enqueue(p: PendingOp): void;
  /** Posts with ops waiting or in flight. */
  busyPosts(): number;
}

export function createPostQueues(run: BatchRunner, onFailure: BatchFailure): PostQueues {
  const queues = new Map<string, PendingOp[]>();

  async function drain(key: string, pending: PendingOp[]): Promise<void> {
    // What the forge holds after our own last write; forgotten once the queue runs dry, so a
    // later edit starts again from what its page showed.
    let known: KnownState | null = null;
    try {
      while (pending.length > 0) {
        const batch = pending.splice(0);
        try {
          known = await run(batch, known);
        } catch (error) {
          for (const p of batch) onFailure(p, error);
          known = null;
        }
      }
    } finally {
      queues.delete(key);
    }
  }

  return {
    enqueue(p) {
      const key = postKey(p.target);
      const existing = queues.get(key);
      if (existing !== undefined) {
        existing.push(p);
        return;
      }
      const pending = [p];
      queues.set(key, pending);
      void drain(key, pending);
    },
    busyPosts: () => queues.size,
  };
}
