// Keeps each post's page state in step with the forge after our writes: the raw text and the
// version at once (so the forge's own code never holds stale text), and the render block from
// the forge's returned HTML once no write of that post is still in flight (so the checkboxes a
// user is waiting on are not swapped out from under them).
import { applyOp, type BodyOp } from '../body/index';
import type { Confirmation, EditResult, Seen } from '../protocol/index';
import { canEdit, contentVersionOf, seenOf, storeConfirmedBody, type PagePost } from './post';
import { ATTR_SOURCE_POSITION, TASK_CHECKBOX_IN_BLOCK } from './selectors';

interface SyncState {
  /** Ops sent from this page and not answered yet, in the order they were sent. */
  inFlight: BodyOp[];
  /** The source the render block was rendered from: its checkbox offsets point into this text. */
  renderedSource: string;
  /** The newest confirmed render not yet shown. */
  pending: { html: string; body: string; version: number | null } | null;
  listeners: Set<() => void>;
}

export interface PostSync {
  /** Starts tracking a post just found on the page. */
  attach(post: PagePost): void;
  /** The text the render block shows; checkbox offsets are offsets into it. */
  renderedSource(post: PagePost): string;
  /**
   * What an op sent now should say the page showed. On a post without a lock the engine writes
   * only over the body the page showed, so the ops still in flight from this page are applied
   * to it: they are what the forge will hold once they land, and anything else that changed
   * there still makes the engine refuse.
   */
  seenFor(post: PagePost): Seen;
  begin(post: PagePost, op: BodyOp): void;
  end(post: PagePost, op: BodyOp, result: EditResult): void;
  /** Called after the post's body changed through one of our writes. */
  onChange(post: PagePost, listener: () => void, signal: AbortSignal): void;
  /** Enables or disables the post's checkboxes to match whether ticks are ours to make. */
  setBoxesEnabled(post: PagePost, enabled: boolean): void;
}

/** The markup of `root`'s children with the states and wiring of checkboxes left out, to tell a tick from other changes. */
function withoutBoxStates(root: ParentNode, doc: Document): string {
  const holder = doc.createElement('div');
  for (const child of root.childNodes) holder.append(child.cloneNode(true));
  for (const box of holder.querySelectorAll(TASK_CHECKBOX_IN_BLOCK)) {
    for (const name of box.getAttributeNames()) if (name !== 'type' && name !== ATTR_SOURCE_POSITION) box.removeAttribute(name);
  }
  return holder.innerHTML;
}

/**
 * When the new render differs from the shown one only in which boxes are ticked, only their
 * states change: the elements stay, so a click already under way on one of them still lands.
 */
function updateTicksOnly(render: HTMLElement, fresh: DocumentFragment): boolean {
  const doc = render.ownerDocument;
  if (withoutBoxStates(render, doc) !== withoutBoxStates(fresh, doc)) return false;
  const shown = render.querySelectorAll<HTMLInputElement>(TASK_CHECKBOX_IN_BLOCK);
  const next = fresh.querySelectorAll<HTMLInputElement>(TASK_CHECKBOX_IN_BLOCK);
  shown.forEach((box, i) => {
    const wanted = next[i]?.hasAttribute('checked') ?? box.checked;
    // A box still waiting for its own answer keeps showing that it waits.
    if (box.getAttribute('aria-busy') !== 'true') box.checked = wanted;
  });
  return true;
}

export function createPostSync(ticksAllowed: () => boolean, sectionPrefix: string): PostSync {
  const states = new WeakMap<HTMLElement, SyncState>();

  const stateOf = (post: PagePost): SyncState => {
    let state = states.get(post.element);
    if (state === undefined) {
      state = { inFlight: [], renderedSource: post.raw.textContent ?? '', pending: null, listeners: new Set() };
      states.set(post.element, state);
    }
    return state;
  };

  const setBoxesEnabled = (post: PagePost, enabled: boolean): void => {
    // Written only where it differs: the forge has usually set the same state already.
    for (const box of post.render.querySelectorAll<HTMLInputElement>(TASK_CHECKBOX_IN_BLOCK)) if (box.disabled === enabled) box.disabled = !enabled;
  };

  /** Answers can only be older than what the page holds when versions say so; without a lock, the last answer wins. */
  const isCurrent = (post: PagePost, result: Confirmation): boolean => {
    const held = contentVersionOf(post);
    return result.versionAfter === null || held === null || result.versionAfter >= held;
  };

  const showPending = (post: PagePost, state: SyncState): void => {
    const pending = state.pending;
    if (pending === null || state.inFlight.length > 0) return;
    state.pending = null;
    // The forge's own sanitized render of the post, returned by its write route: the only HTML
    // this extension ever puts into a page (here into an inert template, then into the post).
    const fresh = post.render.ownerDocument.createElement('template');
    fresh.innerHTML = pending.html;
    if (!updateTicksOnly(post.render, fresh.content)) post.render.replaceChildren(fresh.content);
    state.renderedSource = pending.body;
    setBoxesEnabled(post, canEdit(post) && ticksAllowed());
  };

  return {
    attach(post) {
      stateOf(post);
    },
    renderedSource(post) {
      return stateOf(post).renderedSource;
    },
    seenFor(post) {
      const seen = seenOf(post);
      if (seen.version !== null) return seen;
      let body = seen.body;
      for (const op of stateOf(post).inFlight) {
        const result = applyOp(body, op, { sectionPrefix });
        if (result.status !== 'rejected') body = result.body;
      }
      return { body, version: null };
    },
    begin(post, op) {
      stateOf(post).inFlight.push(op);
    },
    end(post, op, result) {
      const state = stateOf(post);
      const index = state.inFlight.indexOf(op);
      if (index !== -1) state.inFlight.splice(index, 1);
      if (result.ok && !result.noop) {
        if (isCurrent(post, result)) {
          storeConfirmedBody(post, result.body, result.versionAfter);
          if (result.renderedHtml !== null) {
            state.pending = { html: result.renderedHtml, body: result.body, version: result.versionAfter };
          }
        }
        for (const listener of state.listeners) listener();
      }
      showPending(post, state);
    },
    onChange(post, listener, signal) {
      const state = stateOf(post);
      state.listeners.add(listener);
      signal.addEventListener('abort', () => state.listeners.delete(listener), { once: true });
    },
    setBoxesEnabled,
  };
}
