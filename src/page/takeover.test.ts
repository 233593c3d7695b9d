// @vitest-environment happy-dom
// The capture-phase takeovers on a real forge page (fixture): the forge's own listeners never
// see a checkbox event or an Edit click, and events a script dispatches (untrusted) never turn
// into an edit.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../policy/index';
import type { PageOverlay } from '../overlay/page-overlay';
import type { BackgroundClient } from './background-client';
import * as checkboxTakeover from './checkbox-takeover';
import * as editTakeover from './edit-takeover';
import type { FeatureContext, PostPanelHandle } from './feature-context';
import { directUiLoader } from './__tests__/direct-ui-loader';
import { loadFixture } from './__tests__/fixtures/load-fixture';
import { readForgeHints } from './forge-hints';
import { findPosts } from './post';
import { createPostSync } from './post-sync';
import { EDIT_MENU_ITEM, RENDER_BLOCK, TASK_CHECKBOX } from './selectors';

function context(doc: Document, openFullEditor = vi.fn()): { ctx: FeatureContext; edit: ReturnType<typeof vi.fn> } {
  const edit = vi.fn();
  const client: BackgroundClient = { edit, read: vi.fn() };
  const overlay: PageOverlay = { toast: vi.fn(), conflict: vi.fn(), review: vi.fn(), setDark: vi.fn() };
  const settings = defaultSettings();
  const panels = new Map<HTMLElement, PostPanelHandle>();
  for (const post of findPosts(doc)) panels.set(post.element, { openFullEditor, setDark: vi.fn() });
  const ctx: FeatureContext = {
    doc,
    settings,
    client,
    overlay,
    loadUi: directUiLoader,
    sync: createPostSync(() => true, settings.sectionPrefix),
    hints: () => readForgeHints(doc),
    allowed: () => true,
    panelOf: (element) => panels.get(element),
  };
  return { ctx, edit };
}

const controllers: AbortController[] = [];
afterEach(() => {
  for (const controller of controllers.splice(0)) controller.abort();
});

function started(init: (ctx: FeatureContext, signal: AbortSignal) => void, ctx: FeatureContext): AbortController {
  const controller = new AbortController();
  controllers.push(controller);
  init(ctx, controller.signal);
  return controller;
}

describe('checkbox takeover', () => {
  it('keeps every checkbox event from the forge’s own listener and sends nothing for untrusted ones', () => {
    const doc = loadFixture('gitea-1.26');
    const { ctx, edit } = context(doc);
    started(checkboxTakeover.init, ctx);
    const box = doc.querySelectorAll<HTMLInputElement>(TASK_CHECKBOX)[2]!; // in the editable comment
    box.disabled = false;
    const native = vi.fn();
    box.addEventListener('input', native);
    box.addEventListener('click', native);
    box.addEventListener('change', native);

    box.click();
    box.dispatchEvent(new Event('input', { bubbles: true }));
    box.dispatchEvent(new Event('change', { bubbles: true }));

    expect(native).not.toHaveBeenCalled();
    expect(edit).not.toHaveBeenCalled();
    // The click was cancelled: the box shows what it showed.
    expect(box.checked).toBe(false);
  });

  it('lets events through again once stopped', () => {
    const doc = loadFixture('gitea-1.26');
    const { ctx } = context(doc);
    started(checkboxTakeover.init, ctx).abort();
    const box = doc.querySelectorAll<HTMLInputElement>(TASK_CHECKBOX)[2]!;
    const native = vi.fn();
    box.addEventListener('input', native);
    box.dispatchEvent(new Event('input', { bubbles: true }));
    expect(native).toHaveBeenCalledOnce();
  });
});

describe('edit takeover', () => {
  it('opens the extension’s editor instead of the forge’s, even for a keyboard-made click', () => {
    const doc = loadFixture('forgejo-14');
    const openFullEditor = vi.fn();
    const { ctx } = context(doc, openFullEditor);
    started(editTakeover.init, ctx);
    const native = vi.fn();
    doc.addEventListener('click', native);
    const item = doc.querySelector<HTMLElement>(EDIT_MENU_ITEM)!;

    item.click();

    expect(native).not.toHaveBeenCalled();
    expect(openFullEditor).toHaveBeenCalledWith(item);
  });

  it('does nothing for other clicks', () => {
    const doc = loadFixture('forgejo-14');
    const openFullEditor = vi.fn();
    const { ctx } = context(doc, openFullEditor);
    started(editTakeover.init, ctx);
    const native = vi.fn();
    doc.addEventListener('click', native);
    doc.querySelector<HTMLElement>(RENDER_BLOCK)!.click();
    expect(native).toHaveBeenCalledOnce();
    expect(openFullEditor).not.toHaveBeenCalled();
  });
});
