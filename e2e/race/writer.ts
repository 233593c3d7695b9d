// What the three writers of a race share while they run.
import type { RaceOp } from './plan';
import type { OpRecord } from './tally';

/** Ops finished so far by the browser writers, which the independent writer paces itself by. */
export interface Progress {
  done: number;
}

/** Has the independent writer change a contested line now, while the user's editor is open on it. */
export type Contest = (op: RaceOp) => Promise<void>;

/** One browser writer's run: its ops one after another, each with the answer its user saw. */
export type TabRun = (progress: Progress, contest: Contest) => Promise<OpRecord[]>;
