// Checkbox takeover (forge-facts §4): one capture-phase listener on the document sees every
// click, input and change on a rendered task box before the forge's own listener on the box
// does, and stops it there. A trusted click in an editable post becomes a set-to-state edit;
// anything else (a page script's synthetic event, a box in a read-only post) does nothing.
import { checklistItems, type BodyOp } from '../body/index';
import type { EditResult } from '../protocol/index';
import { pageRejection } from './background-client';
import type { FeatureContext } from './feature-context';
import { canEdit, postContaining, type PagePost } from './post';
import { ATTR_SOURCE_POSITION, TASK_CHECKBOX } from './selectors';
import { taskOpForCheckbox } from './task-op';
import { carryOut } from './write-flow';

interface PendingTick {
  /** The state asked for by the latest click. */
  wanted: boolean;
  /** The state shown before the first of the pending clicks. */
  shownBefore: boolean;
  /** Which click is the latest: only its answer decides what the box shows. */
  seq: number;
}

const pending = new WeakMap<HTMLInputElement, PendingTick>();
let nextSeq = 1;

function showPending(box: HTMLInputElement): void {
  box.setAttribute('aria-busy', 'true');
  box.style.cursor = 'progress';
  box.style.opacity = '0.6';
  // A cancelled click ends with the browser putting `indeterminate` back as it was before the
  // click, so the mark is set once the click is over (unless the answer came first).
  setTimeout(() => {
    if (pending.has(box)) box.indeterminate = true;
  }, 0);
}

function showSettled(box: HTMLInputElement, checked: boolean): void {
  pending.delete(box);
  box.indeterminate = false;
  box.checked = checked;
  box.removeAttribute('aria-busy');
  box.style.cursor = '';
  box.style.opacity = '';
}

/** The state of the line labelled `label` in `body`, when exactly one line has that label. */
function stateIn(body: string, label: string): boolean | null {
  const matches = checklistItems(body).filter((item) => item.label === label);
  const only = matches.length === 1 ? matches[0] : undefined;
  return only === undefined ? null : only.checked;
}

function tick(ctx: FeatureContext, post: PagePost, box: HTMLInputElement, shownNow: boolean, wanted: boolean): void {
  const previous = pending.get(box);
  const shownBefore = previous?.shownBefore ?? shownNow;
  const position = Number(box.getAttribute(ATTR_SOURCE_POSITION));
  const built = taskOpForCheckbox(ctx.sync.renderedSource(post), position, wanted);
  if (!built.ok) {
    const op: BodyOp = { kind: 'task-toggle', match: '', checked: wanted };
    ctx.overlay.toast(pageRejection(post.target, op, 'invalid', built.detail));
    return;
  }
  const seq = nextSeq++;
  pending.set(box, { wanted, shownBefore, seq });
  showPending(box);

  const settle = (result: EditResult): void => {
    if (pending.get(box)?.seq !== seq) return; // a later click on this box decides
    if (result.ok) showSettled(box, wanted);
    else showSettled(box, (result.liveBody !== null ? stateIn(result.liveBody, built.label) : null) ?? shownBefore);
  };
  void carryOut(ctx, post, built.op, ctx.sync.seenFor(post), null, settle).then((outcome) => {
    if (outcome.status === 'edit-on-top') ctx.panelOf(post.element)?.openFullEditor(null, { ...outcome.live, reference: null });
  });
}

/** Starts the takeover for the whole document; it stops with `signal`. */
export function init(ctx: FeatureContext, signal: AbortSignal): void {
  const onEvent = (event: Event): void => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.matches(TASK_CHECKBOX)) return;
    // The forge's widget must never see the event: it would write the whole body.
    event.stopImmediatePropagation();
    if (event.type !== 'click') return;
    // The box changes only once the edit is confirmed.
    event.preventDefault();
    if (!event.isTrusted) return;
    const post = postContaining(box);
    if (post === null || !post.render.contains(box) || !canEdit(post) || !ctx.allowed('task-toggle')) return;
    // During a click the box already shows the flipped state; preventDefault puts it back afterwards.
    const state = pending.get(box);
    const wanted = state !== undefined ? !state.wanted : box.checked;
    tick(ctx, post, box, !box.checked, wanted);
  };
  for (const type of ['click', 'input', 'change'] as const) {
    ctx.doc.addEventListener(type, onEvent, { capture: true, signal });
  }
}
