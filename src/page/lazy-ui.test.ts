// @vitest-environment happy-dom
// The UI bundle arrives after the page features start. It is asked for as soon as the page shows
// a post the viewer may edit, without waiting for a click; a tick made before it arrives is
// taken over, shown as pending and written all the same, and its toast appears once the bundle
// is there. The post's controls and editor appear when it arrives.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../policy/index';
import { renderResult, type Confirmation, type EditMessage, type EditResult, type LivePost } from '../protocol/index';
import { HOST_TAG } from '../overlay/shadow-host';
import type { BackgroundClient } from './background-client';
import { createDeferredOverlay } from './deferred-overlay';
import { loadFixture } from './__tests__/fixtures/load-fixture';
import { findPosts, type PagePost } from './post';
import { TASK_CHECKBOX } from './selectors';
import { startFeatures } from './start';
import { uiBundle } from './ui-bundle';
import { shareLoad, type UiLoader } from './ui-loader';

/** A loader that holds the bundle back until released, counting how often it was asked. */
function heldLoader(): { load: UiLoader; release: () => void; asked: () => number } {
  let release = (): void => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  const load = shareLoad(async () => {
    asked++;
    await gate;
    return uiBundle;
  });
  return { load, release, asked: () => asked };
}

/** A click as a user makes it: happy-dom has no trusted events, so the flag is set by hand. */
function userClick(element: Element): void {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  element.dispatchEvent(event);
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve = (_value: T): void => {};
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function confirmationFor(message: EditMessage, body: string): Confirmation {
  return {
    ok: true,
    verb: 'tick',
    op: message.op,
    target: message.target,
    summary: 'Ticked.',
    versionBefore: 0,
    versionAfter: 1,
    rebased: false,
    locked: true,
    noop: false,
    flips: null,
    renderedHtml: null,
    body,
    ledgerId: 'e1',
  };
}

const controllers: AbortController[] = [];
afterEach(() => {
  for (const controller of controllers.splice(0)) controller.abort();
});

function start(client: BackgroundClient, load: UiLoader, prepare: (doc: Document) => void = () => {}): { doc: Document; editable: PagePost | undefined } {
  const doc = loadFixture('gitea-1.26');
  prepare(doc);
  const controller = new AbortController();
  controllers.push(controller);
  startFeatures(doc, defaultSettings(), client, load, controller.signal);
  const editable = findPosts(doc).find((post) => post.render.getAttribute('data-can-edit') === 'true');
  return { doc, editable };
}

function startEditable(client: BackgroundClient, load: UiLoader): { doc: Document; editable: PagePost } {
  const { doc, editable } = start(client, load);
  if (editable === undefined) throw new Error('the fixture has no editable post');
  return { doc, editable };
}

const pageOverlayRoot = (doc: Document) => doc.querySelector(`${HOST_TAG}[data-kind="page"]`)?.shadowRoot ?? null;
const postPanelRoot = (post: PagePost) => post.element.querySelector(`${HOST_TAG}[data-kind="post"]`)?.shadowRoot ?? null;

describe('the UI bundle loads lazily', () => {
  it('is asked for as soon as the page shows an editable post, before any click', () => {
    const ui = heldLoader();
    const { doc } = startEditable({ edit: vi.fn(), read: vi.fn() }, ui.load);
    expect(ui.asked()).toBe(1);
    // Nothing is drawn before it arrives.
    expect(doc.querySelector(HOST_TAG)).toBe(null);
  });

  it('is not loaded on a page where the viewer may edit nothing', () => {
    const ui = heldLoader();
    const { editable } = start({ edit: vi.fn(), read: vi.fn() }, ui.load, (doc) => {
      for (const render of doc.querySelectorAll('[data-can-edit]')) render.removeAttribute('data-can-edit');
    });
    expect(editable).toBe(undefined);
    expect(ui.asked()).toBe(0);
  });

  it('does not hold up a tick: the box is taken over and pending at once, written, and its toast shows once the bundle is there', async () => {
    const ui = heldLoader();
    const answer = deferred<EditResult>();
    const sent: EditMessage[] = [];
    const client: BackgroundClient = {
      edit: async (message) => {
        sent.push(message);
        return answer.promise;
      },
      read: vi.fn(),
    };
    const { doc, editable } = startEditable(client, ui.load);
    // The posts present at the start are attached in the next task (the fixture's boxes are
    // rendered disabled; on a real page the forge's own script has enabled them by then).
    await new Promise((resolve) => setTimeout(resolve, 0));
    const box = editable.render.querySelectorAll<HTMLInputElement>(TASK_CHECKBOX)[1]!; // 'first again'
    const native = vi.fn();
    box.addEventListener('click', native);

    userClick(box);
    // What a browser does once a cancelled click is over (happy-dom does not).
    box.indeterminate = false;

    expect(native).not.toHaveBeenCalled();
    // Pending: busy, marked as neither state, and not ticked before the write is confirmed.
    expect(box.getAttribute('aria-busy')).toBe('true');
    expect(box.checked).toBe(false);
    await vi.waitFor(() => expect(box.indeterminate).toBe(true));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ type: 'edit', target: editable.target, op: { kind: 'task-toggle', match: 'first again', checked: true } });

    const body = (editable.raw.textContent ?? '').replace('- [ ] first again', '- [x] first again');
    const confirmation = confirmationFor(sent[0]!, body);
    answer.resolve(confirmation);
    await vi.waitFor(() => expect(box.getAttribute('aria-busy')).toBe(null));
    expect(box.checked).toBe(true);
    expect(box.indeterminate).toBe(false);
    expect(pageOverlayRoot(doc)).toBe(null);

    ui.release();
    await vi.waitFor(() => expect(pageOverlayRoot(doc)?.querySelector('[role="status"]')?.textContent).toContain(renderResult(confirmation)));
    expect(ui.asked()).toBe(1);
  });

  it('opens the editor asked for before the bundle arrived, seeded from the live text, and saves anchored edits', async () => {
    const ui = heldLoader();
    const sent: EditMessage[] = [];
    const live = 'My notes:\n- [ ] first\n- [ ] first again\n\nAdded on the server.\n';
    const facts = { updateUrl: '/owner/repo/comments/2001', context: '/owner/repo', contentVersion: 3, csrfToken: null, forge: 'gitea', forgeVersion: '1.26.0' } as const;
    const client: BackgroundClient = {
      edit: async (message) => {
        sent.push(message);
        return confirmationFor(message, message.seen.body);
      },
      read: vi.fn(async (target): Promise<LivePost> => ({ ok: true, target, body: live, version: 3, locked: true, facts })),
    };
    const { doc, editable } = startEditable(client, ui.load);
    const panel = () => postPanelRoot(editable);

    const item = doc.querySelector<HTMLElement>('.edit-content');
    expect(item).not.toBe(null);
    userClick(item!);
    await vi.waitFor(() => expect(client.read).toHaveBeenCalledOnce());
    expect(panel()).toBe(null);

    ui.release();
    const text = await vi.waitFor(() => {
      const area = panel()?.querySelector<HTMLTextAreaElement>('textarea');
      expect(area?.value).toBe(live);
      return area!;
    });
    // The rendered post gives way to the editor.
    expect(editable.render.style.display).toBe('none');

    text.value = live.replace('first again', 'second');
    const save = [...panel()!.querySelectorAll('button')].find((button) => button.textContent === 'Save');
    userClick(save!);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.seen).toEqual({ body: live, version: 3 });
    expect(sent[0]!.op).toEqual({ kind: 'patch', edits: [{ old: expect.stringContaining('first again'), new: expect.stringContaining('second') }] });
  });
});

describe('the deferred overlay', () => {
  it('keeps the page working when the bundle cannot be loaded: a conflict closes, a review says no', async () => {
    const controller = new AbortController();
    controllers.push(controller);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(async () => {
      throw new Error('no background');
    });
    const overlay = createDeferredOverlay(document, controller.signal, load);
    const rejection = (await import('./background-client')).pageRejection(
      { origin: 'http://127.0.0.1:3000', repoLink: '/o/r', kind: 'issue', index: 1 },
      null,
      'gone',
      'The post is gone.',
      { body: 'live', version: 2 },
    );
    expect(await overlay.conflict({ rejection, seenBody: 'seen', flips: null, draft: null, canApply: false, postName: 'description' })).toBe('close');
    expect(await overlay.review('Review', 'a', 'b')).toBe(false);
    // Each need tries again.
    expect(load).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('applies the theme chosen before the bundle arrived', async () => {
    document.body.replaceChildren();
    const controller = new AbortController();
    controllers.push(controller);
    const ui = heldLoader();
    const overlay = createDeferredOverlay(document, controller.signal, ui.load);
    overlay.setDark(true);
    overlay.prepare();
    ui.release();
    const mount = await vi.waitFor(() => {
      const found = document.querySelector(`${HOST_TAG}[data-kind="page"]`)?.shadowRoot?.querySelector('.nc');
      expect(found).toBeTruthy();
      return found!;
    });
    expect(mount.hasAttribute('data-dark')).toBe(true);
    overlay.setDark(false);
    expect(mount.hasAttribute('data-dark')).toBe(false);
  });
});
