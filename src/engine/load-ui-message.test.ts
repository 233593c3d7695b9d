// 'load-ui': a content script asks the background to run the UI bundle in its own frame. Only a
// content script may ask, the bundle goes to exactly the frame that asked, and a failure is an
// answer, not a crash.
import { describe, expect, it, vi } from 'vitest';
import { MessageErrorSchema, UiLoadedResponseSchema } from '../protocol/index';
import type { Engine } from './engine';
import { handleMessage, type SenderFrame } from './handle-message';

const self = { id: 'noclobber-id', baseUrl: 'chrome-extension://noclobber-id/' };
const contentScript = { id: self.id, url: 'http://127.0.0.1:3000/owner/repo/issues/1', tab: { id: 7 }, frameId: 3 };

/** Loading the UI is no business of the engine: any use of it fails the test. */
const untouchedEngine = new Proxy({} as Engine, {
  get(_target, key) {
    throw new Error(`the engine was used (${String(key)})`);
  },
});

describe("'load-ui'", () => {
  it('runs the bundle in the frame of the content script that asked', async () => {
    const frames: SenderFrame[] = [];
    const inject = vi.fn(async (frame: SenderFrame) => void frames.push(frame));
    const reply = await handleMessage(untouchedEngine, { type: 'load-ui' }, contentScript, self, inject);
    expect(reply).toEqual({ ok: true, type: 'ui-loaded' });
    expect(UiLoadedResponseSchema.safeParse(reply).success).toBe(true);
    expect(frames).toEqual([{ tabId: 7, frameId: 3 }]);
  });

  it('refuses the extension’s own pages and ignores foreign senders, injecting nothing', async () => {
    const inject = vi.fn(async () => {});
    const popup = { id: self.id, url: `${self.baseUrl}popup.html` };
    expect(await handleMessage(untouchedEngine, { type: 'load-ui' }, popup, self, inject)).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(handleMessage(untouchedEngine, { type: 'load-ui' }, { ...contentScript, id: 'another-extension' }, self, inject)).toBe(null);
    expect(handleMessage(untouchedEngine, { type: 'load-ui' }, { url: contentScript.url, tab: { id: 7 } }, self, inject)).toBe(null);
    expect(inject).not.toHaveBeenCalled();
  });

  it('refuses a malformed request and a sender without a usable tab', async () => {
    const inject = vi.fn(async () => {});
    expect(await handleMessage(untouchedEngine, { type: 'load-ui', files: ['/evil.js'] }, contentScript, self, inject)).toMatchObject({
      ok: false,
      reason: 'invalid-message',
    });
    expect(await handleMessage(untouchedEngine, { type: 'load-ui' }, { ...contentScript, tab: { id: -1 } }, self, inject)).toMatchObject({
      ok: false,
      reason: 'not-allowed',
    });
    expect(inject).not.toHaveBeenCalled();
  });

  it('answers with the reason when the bundle cannot be run, or when nothing can run it', async () => {
    const failing = vi.fn(async () => {
      throw new Error('Cannot access contents of the page');
    });
    const reply = await handleMessage(untouchedEngine, { type: 'load-ui' }, contentScript, self, failing);
    expect(MessageErrorSchema.safeParse(reply).success).toBe(true);
    expect(reply).toEqual({ ok: false, reason: 'failed', detail: 'the page UI could not be loaded: Cannot access contents of the page' });
    expect(await handleMessage(untouchedEngine, { type: 'load-ui' }, contentScript, self)).toMatchObject({ ok: false, reason: 'failed' });
  });
});
