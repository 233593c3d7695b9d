// @vitest-environment happy-dom
// The order of start-up on a real page: our features start in a DOMContentLoaded listener added
// at document_start, so the forge's own start-up code (which enables the boxes of editable
// posts) runs after them. The box states the policy asks for must still be what stays.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, type Settings } from '../policy/index';
import type { BackgroundClient } from './background-client';
import { loadFixture } from './__tests__/fixtures/load-fixture';
import { canEdit, findPosts } from './post';
import { TASK_CHECKBOX_IN_BLOCK } from './selectors';
import { startFeatures } from './start';
import type { UiLoader } from './ui-loader';

const controllers: AbortController[] = [];
afterEach(() => {
  for (const controller of controllers.splice(0)) controller.abort();
});

const neverLoads: UiLoader = () => new Promise(() => {});
const idleClient: BackgroundClient = { edit: vi.fn(), read: vi.fn() };
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

function startThenForgeInit(settings: Settings): Document {
  const doc = loadFixture('gitea-1.26');
  const controller = new AbortController();
  controllers.push(controller);
  startFeatures(doc, settings, idleClient, neverLoads, controller.signal);
  // What the forge's tasklist code does right after: enable every box of an editable post.
  for (const post of findPosts(doc)) {
    if (!canEdit(post)) continue;
    for (const box of post.render.querySelectorAll<HTMLInputElement>(TASK_CHECKBOX_IN_BLOCK)) box.disabled = false;
  }
  return doc;
}

function boxStates(doc: Document): { editable: boolean; disabled: boolean }[] {
  return findPosts(doc).flatMap((post) =>
    [...post.render.querySelectorAll<HTMLInputElement>(TASK_CHECKBOX_IN_BLOCK)].map((box) => ({ editable: canEdit(post), disabled: box.disabled })),
  );
}

describe('start-up order', () => {
  it('keeps the boxes disabled when ticks are not allowed, though the forge enabled them after us', async () => {
    const settings: Settings = { ...defaultSettings(), allowedOps: ['patch', 'append'] };
    const doc = startThenForgeInit(settings);
    await nextTask();
    const states = boxStates(doc);
    expect(states.filter((state) => state.editable).length).toBeGreaterThan(0);
    expect(states.every((state) => state.disabled)).toBe(true);
  });

  it('enables the boxes of editable posts when ticks are allowed, even where the forge did not', async () => {
    const doc = loadFixture('gitea-1.26');
    const controller = new AbortController();
    controllers.push(controller);
    startFeatures(doc, defaultSettings(), idleClient, neverLoads, controller.signal);
    await nextTask();
    const states = boxStates(doc);
    expect(states.some((state) => state.editable) && states.some((state) => !state.editable)).toBe(true);
    for (const state of states) expect(state.disabled).toBe(!state.editable);
  });
});
