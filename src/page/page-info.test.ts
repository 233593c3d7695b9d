// @vitest-environment happy-dom
// The popup's view of the page: read off the forge page's DOM, answered only to this extension's
// own 'page-info' request, and only on forge pages.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { PageInfoSchema, type PageInfo } from '../protocol/index';
import { directUiLoader } from './__tests__/direct-ui-loader';
import { loadFixture } from './__tests__/fixtures/load-fixture';
import { readPageInfo, servePageInfo, type PageInfoRuntime } from './page-info';
import { startNoclobber } from './start';

type Listener = Parameters<PageInfoRuntime['onMessage']['addListener']>[0];

function fakeRuntime(id = 'our-id') {
  const listeners = new Set<Listener>();
  const runtime: PageInfoRuntime = {
    id,
    onMessage: { addListener: (l) => listeners.add(l), removeListener: (l) => listeners.delete(l) },
  };
  /** Delivers a message to the listeners; the answers they sent, in order. */
  const deliver = (message: unknown, sender: { id?: string }): unknown[] => {
    const answers: unknown[] = [];
    for (const listener of listeners) listener(message, sender, (answer) => answers.push(answer));
    return answers;
  };
  return { runtime, deliver, listeners };
}

const controllers: AbortController[] = [];
afterEach(() => {
  for (const controller of controllers.splice(0)) controller.abort();
});
function signal(): AbortSignal {
  const controller = new AbortController();
  controllers.push(controller);
  return controller.signal;
}

describe('readPageInfo', () => {
  it('reads the forge, its version, the posts, the lock and the CSRF scheme off the page', () => {
    const expected: Record<string, Omit<PageInfo, 'type' | 'active'>> = {
      'gitea-1.26': { forge: 'gitea', forgeVersion: '1.26.0', posts: 3, editablePosts: 1, lockedPosts: 3, csrfToken: false },
      'gitea-1.22': { forge: 'gitea', forgeVersion: '1.22.6', posts: 3, editablePosts: 1, lockedPosts: 0, csrfToken: true },
    };
    for (const [profile, facts] of Object.entries(expected)) {
      const doc = loadFixture(profile as 'gitea-1.26' | 'gitea-1.22');
      const info = readPageInfo(doc, true);
      expect(info, profile).toEqual({ type: 'page-info', ...facts, active: true });
      expect(PageInfoSchema.safeParse(info).success).toBe(true);
    }
    expect(readPageInfo(loadFixture('forgejo-14'), false)).toMatchObject({ forge: 'forgejo', active: false });
  });

  it('counts only the posts the viewer may edit as editable, and only posts with a version as locked', () => {
    const doc = loadFixture('gitea-1.26');
    for (const render of doc.querySelectorAll('[data-can-edit]')) render.removeAttribute('data-can-edit');
    doc.querySelector('[data-content-version]')?.removeAttribute('data-content-version');
    expect(readPageInfo(doc, true)).toMatchObject({ posts: 3, editablePosts: 0, lockedPosts: 2 });
  });
});

describe('servePageInfo', () => {
  it('answers this extension’s page-info request with what the page shows now', () => {
    const doc = loadFixture('gitea-1.26');
    const { runtime, deliver } = fakeRuntime();
    let active = true;
    servePageInfo(doc, () => active, signal(), runtime);
    expect(deliver({ type: 'page-info' }, { id: 'our-id' })).toEqual([readPageInfo(doc, true)]);
    active = false;
    expect(deliver({ type: 'page-info' }, { id: 'our-id' })).toEqual([readPageInfo(doc, false)]);
  });

  it('ignores other messages and other senders', () => {
    const doc = loadFixture('gitea-1.26');
    const { runtime, deliver } = fakeRuntime();
    servePageInfo(doc, () => true, signal(), runtime);
    expect(deliver({ type: 'page-info' }, { id: 'another-extension' })).toEqual([]);
    expect(deliver({ type: 'page-info' }, {})).toEqual([]);
    expect(deliver({ type: 'page-info', all: true }, { id: 'our-id' })).toEqual([]);
    expect(deliver({ type: 'ping' }, { id: 'our-id' })).toEqual([]);
    expect(deliver('page-info', { id: 'our-id' })).toEqual([]);
  });

  it('stops listening when stopped', () => {
    const { runtime, listeners } = fakeRuntime();
    const controller = new AbortController();
    servePageInfo(loadFixture('gitea-1.26'), () => true, controller.signal, runtime);
    expect(listeners.size).toBe(1);
    controller.abort();
    expect(listeners.size).toBe(0);
  });
});

describe('on a page the content script starts on', () => {
  beforeEach(() => fakeBrowser.reset());

  // The fake's types leave out what the listeners receive third (sendResponse) and how to ask
  // whether any listens; both are there at run time.
  const onMessage = fakeBrowser.runtime.onMessage as unknown as {
    trigger(...args: unknown[]): Promise<unknown[]>;
    hasListeners(): boolean;
  };

  async function ask(): Promise<unknown[]> {
    const answers: unknown[] = [];
    await onMessage.trigger({ type: 'page-info' }, { id: fakeBrowser.runtime.id }, (answer: unknown) => answers.push(answer));
    return answers;
  }

  it('answers on a forge page: active while the features run, idle under nativeEdit off', async () => {
    const doc = loadFixture('gitea-1.26');
    await startNoclobber(doc, signal(), { loadUi: directUiLoader });
    expect(await ask()).toEqual([expect.objectContaining({ type: 'page-info', forge: 'gitea', active: true })]);

    await fakeBrowser.storage.local.set({ settings: { nativeEdit: 'off' } });
    await vi.waitFor(() => expect(doc.documentElement.getAttribute('data-noclobber')).toBe('idle'));
    expect(await ask()).toEqual([expect.objectContaining({ type: 'page-info', forge: 'gitea', active: false })]);
  });

  it('does not listen on a page that is no forge page', async () => {
    loadFixture('gitea-1.26');
    document.body.replaceChildren();
    document.documentElement.removeAttribute('data-theme');
    await startNoclobber(document, signal(), { loadUi: directUiLoader });
    expect(onMessage.hasListeners()).toBe(false);
  });
});
