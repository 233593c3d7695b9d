/**
 * The body-op contract: what an anchored edit of a markdown body can ask for, why it can be
 * refused, and what applying it yields. Every other module in `src/body` builds on these types.
 */

export type BodyOp =
  | { kind: 'patch'; edits: { old: string; new: string; replaceAll?: boolean }[] }
  | { kind: 'append'; text: string }
  | { kind: 'task-toggle'; match: string; checked: boolean }
  | { kind: 'section-replace'; name: string; content: string; ensure?: boolean };

/** One replacement of a patch op. */
export type PatchEdit = Extract<BodyOp, { kind: 'patch' }>['edits'][number];

export type RejectReason =
  | 'drifted' // an anchor (old text, task match, …) is not in the body
  | 'ambiguous' // an anchor that must be unique occurs more than once
  | 'overlap' // two patch edits claim overlapping text
  | 'absent-section' // no such section and ensure was not asked
  | 'unbalanced-section' // duplicated markers, a missing end, or end before start
  | 'invalid'; // the op itself is malformed (empty old text, bad section name, …)

export type OpResult =
  | { status: 'applied'; body: string; summary: string }
  | { status: 'noop'; body: string; notice: string } // body is the input, unchanged
  | { status: 'rejected'; reason: RejectReason; detail: string };

export interface ApplyOptions {
  /** The word in section markers: `<!-- PREFIX:section:NAME -->`. Defaults to `madtea`. */
  sectionPrefix?: string;
}

/** The marker prefix shared with the madtea command-line tool, so both read the same sections. */
export const DEFAULT_SECTION_PREFIX = 'madtea';

export function applied(body: string, summary: string): OpResult {
  return { status: 'applied', body, summary };
}

export function noop(body: string, notice: string): OpResult {
  return { status: 'noop', body, notice };
}

export function rejected(reason: RejectReason, detail: string): OpResult {
  return { status: 'rejected', reason, detail };
}
