// The only author of outcome text. Toasts, the ledger and the conflict view all call this.
import type { BodyOp } from './body-op';
import type { PostTarget } from './post-target';
import type { LedgerEntry } from './ledger-entry';
import type { Confirmation, Rejection, RejectionReason, Verb } from './result';

const SEP = ' · ';
const QUOTE_MAX = 48;

/** One line describing a Confirmation or a Rejection. */
export function renderResult(result: Confirmation | Rejection): string {
  return result.ok ? renderConfirmation(result) : renderRejection(result);
}

function renderConfirmation(c: Confirmation): string {
  const parts = [c.noop ? noopPhrase(c) : donePhrase(c.verb, c.op, c.flips?.[0]?.label), where(c.target)];
  if (c.noop) parts.push(c.versionAfter === null ? 'nothing written' : `v${c.versionAfter}, nothing written`);
  else if (!c.locked) parts.push('this forge has no lock: last write wins');
  else if (c.versionBefore === c.versionAfter) parts.push(`v${versionText(c.versionAfter)}, no write needed`);
  else parts.push(`v${versionText(c.versionBefore)} → v${versionText(c.versionAfter)}`);
  if (c.rebased) parts.push('re-applied on top of a newer body');
  return parts.join(SEP);
}

/** One line for an edit the ledger keeps, in the same words its toast used. */
export function renderLedgerEntry(entry: LedgerEntry): string {
  const parts = [donePhrase(entry.verb, entry.op), where(entry.target)];
  if (!entry.locked) parts.push('no lock');
  else parts.push(`v${versionText(entry.versionBefore)} → v${versionText(entry.versionAfter)}`);
  if (entry.undoneBy !== null) parts.push('undone');
  return parts.join(SEP);
}

function donePhrase(verb: Verb, op: BodyOp, flippedLabel?: string): string {
  if (verb === 'undo') return 'Undid an earlier edit';
  switch (op.kind) {
    case 'task-toggle': {
      const label = flippedLabel ?? op.match;
      return `${op.checked ? 'Ticked' : 'Unticked'} ${quote(label)}`;
    }
    case 'patch':
      return op.edits.length === 1 ? 'Edited 1 place' : `Edited ${op.edits.length} places`;
    case 'append':
      return 'Added text at the end';
    case 'section-replace':
      return `Rewrote section ${quote(op.name)}`;
  }
}

function noopPhrase(c: Confirmation): string {
  if (c.verb === 'undo') return 'Nothing to undo';
  const op = c.op;
  switch (op.kind) {
    case 'task-toggle':
      return `Already ${op.checked ? 'ticked' : 'unticked'}: ${quote(op.match)}`;
    case 'section-replace':
      return `Section ${quote(op.name)} already says that`;
    case 'patch':
    case 'append':
      return 'Already as asked';
  }
}

function renderRejection(r: Rejection): string {
  const lead = r.verb === 'read' ? 'Could not load the post' : 'Not saved';
  const meanwhile = r.diff !== null && changedMeanwhileMatters(r.reason) ? ' (edited meanwhile)' : '';
  return `${lead}: ${why(r)}${meanwhile}`;
}

function changedMeanwhileMatters(reason: RejectionReason): boolean {
  return reason === 'drifted' || reason === 'ambiguous' || reason === 'overlap' || reason === 'absent-section' || reason === 'unbalanced-section';
}

function why(r: Rejection): string {
  const post = postNoun(r.target);
  const op: BodyOp | null = r.op;
  switch (r.reason) {
    case 'drifted':
      if (r.verb === 'undo') return `the text has changed since, so the edit cannot be undone`;
      if (op?.kind === 'task-toggle') return `${quote(op.match)} is no longer in the ${post}`;
      if (op?.kind === 'section-replace') return `section ${quote(op.name)} is no longer in the ${post}`;
      return `the text you changed is no longer in the ${post}`;
    case 'ambiguous':
      if (op?.kind === 'task-toggle') return `${quote(op.match)} matches more than one item in the ${post}`;
      return `the text you changed occurs more than once in the ${post}`;
    case 'overlap':
      return 'two of the changes overlap';
    case 'absent-section':
      return op?.kind === 'section-replace' ? `there is no section ${quote(op.name)} in the ${post}` : `the section is missing from the ${post}`;
    case 'unbalanced-section':
      return op?.kind === 'section-replace'
        ? `the markers of section ${quote(op.name)} are duplicated, missing or out of order`
        : 'the section markers are duplicated, missing or out of order';
    case 'invalid':
      return `the edit is malformed (${r.detail})`;
    case 'conflict-retries-exhausted':
      return `the ${post} kept changing; gave up after ${r.attempts} attempts`;
    case 'no-lock-changed':
      return `the ${post} changed since the page loaded, and this forge has no lock to protect it`;
    case 'unknown-outcome':
      return `the forge gave no clear answer, so the edit may or may not have landed; check the ${post}`;
    case 'lock-required':
      return 'this forge has no edit lock, and policy requires one';
    case 'op-not-allowed':
      return op ? `policy does not allow ${opNoun(op)}` : 'policy does not allow this edit';
    case 'too-large':
      return `the result would be larger than policy allows (${r.detail})`;
    case 'refused':
      return `the forge refused the edit (${r.detail})`;
    case 'forbidden':
      return `you may not edit this ${post} (or you are signed out)`;
    case 'gone':
      return `the ${post} no longer exists`;
    case 'csrf':
      return 'the forge did not accept the session token; reload the page';
    case 'cross-origin':
      return "the forge's cross-origin check refused the request";
    case 'no-content':
      return `this ${post} holds no editable text`;
    case 'bad-answer':
      return `the forge answered with something unexpected (${r.detail})`;
    case 'server-error':
      return `the forge failed (${r.detail})`;
    case 'network':
      return 'the forge could not be reached';
  }
}

function opNoun(op: BodyOp): string {
  switch (op.kind) {
    case 'task-toggle':
      return 'checkbox edits';
    case 'patch':
      return 'text edits';
    case 'append':
      return 'appending';
    case 'section-replace':
      return 'section edits';
  }
}

function where(target: PostTarget): string {
  return target.kind === 'issue' ? `#${target.index}` : `comment on #${target.index}`;
}

function postNoun(target: PostTarget): string {
  return target.kind === 'issue' ? 'description' : 'comment';
}

function versionText(version: number | null): string {
  return version === null ? '?' : String(version);
}

function quote(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const short = oneLine.length > QUOTE_MAX ? `${oneLine.slice(0, QUOTE_MAX - 1)}…` : oneLine;
  return `‘${short}’`;
}
