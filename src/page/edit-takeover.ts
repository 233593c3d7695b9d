// Edit takeover (forge-facts §5): the forge's "Edit" menu item would open an editor that saves
// the whole body. A capture-phase listener takes the click first and opens ours instead, seeded
// from a fresh read of the post.
import type { FeatureContext } from './feature-context';
import { readPost, type PagePost } from './post';
import { COMMENT_HEADER, CONTEXT_DROPDOWN, EDIT_MENU_ITEM, OPEN_MENU_CLASS, POST_BODY } from './selectors';

/** The post an Edit item belongs to: the forge finds it as the header's next sibling. */
export function postOfEditItem(item: Element): PagePost | null {
  const next = item.closest(COMMENT_HEADER)?.nextElementSibling;
  if (!next) return null;
  const element = next.matches(POST_BODY) ? next : next.querySelector(POST_BODY);
  return element instanceof HTMLElement ? readPost(element) : null;
}

/** The Edit item of a post, if its header has one. */
export function editItemOf(post: PagePost): HTMLElement | null {
  for (let node: Element | null = post.element; node !== null && node !== post.element.ownerDocument.body; node = node.parentElement) {
    const header = node.previousElementSibling;
    if (header?.matches(COMMENT_HEADER)) return header.querySelector<HTMLElement>(EDIT_MENU_ITEM);
  }
  return null;
}

export function init(ctx: FeatureContext, signal: AbortSignal): void {
  ctx.doc.addEventListener(
    'click',
    (event) => {
      const target = event.target;
      const item = target instanceof Element ? target.closest<HTMLElement>(EDIT_MENU_ITEM) : null;
      if (item === null) return;
      // The native editor must not open: its save writes the whole body.
      event.stopImmediatePropagation();
      event.preventDefault();
      item.closest(CONTEXT_DROPDOWN)?.classList.remove(OPEN_MENU_CLASS);
      // Opening our editor writes nothing, so keyboard activation (which the forge's own script
      // turns into a synthetic click) is welcome here; saving takes trusted input.
      const post = postOfEditItem(item);
      if (post === null || !ctx.allowed('patch')) return;
      ctx.panelOf(post.element)?.openFullEditor(item);
    },
    { capture: true, signal },
  );
}
