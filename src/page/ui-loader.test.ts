// The UI bundle is asked for once, through the background, and taken from the hand-over; a
// failed load says why and is tried again at the next need.
import { describe, expect, it, vi } from 'vitest';
import type { LoadUiMessage } from '../protocol/index';
import { uiBundle } from './ui-bundle';
import { handOverUi, handedOverUi } from './ui-handover';
import { createUiLoader, shareLoad } from './ui-loader';

/** A background that runs the bundle in `scope` and answers as the real one does. */
function background(scope: object, answer: unknown = { ok: true, type: 'ui-loaded' }) {
  const sent: LoadUiMessage[] = [];
  const send = vi.fn(async (message: LoadUiMessage) => {
    sent.push(message);
    handOverUi(uiBundle, scope);
    return answer;
  });
  return { send, sent };
}

describe('shareLoad', () => {
  it('shares one load between callers and loads again after a failure', async () => {
    let calls = 0;
    const load = shareLoad(async () => {
      calls++;
      if (calls === 1) throw new Error('first attempt fails');
      return calls;
    });
    await expect(Promise.all([load(), load()])).rejects.toThrow('first attempt fails');
    expect(calls).toBe(1);
    expect(await load()).toBe(2);
    expect(await load()).toBe(2);
    expect(calls).toBe(2);
  });
});

describe('createUiLoader', () => {
  it('asks the background once with a load-ui message and returns the bundle handed over', async () => {
    const scope = {};
    const { send, sent } = background(scope);
    const load = createUiLoader(send, scope);
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(uiBundle);
    expect(second).toBe(uiBundle);
    expect(sent).toEqual([{ type: 'load-ui' }]);
  });

  it('takes a bundle already handed over without asking', async () => {
    const scope = {};
    handOverUi(uiBundle, scope);
    const send = vi.fn();
    expect(await createUiLoader(send, scope)()).toBe(uiBundle);
    expect(send).not.toHaveBeenCalled();
  });

  it('fails with the background’s reason, and asks again at the next need', async () => {
    const scope = {};
    const send = vi
      .fn<(message: LoadUiMessage) => Promise<unknown>>()
      .mockResolvedValueOnce({ ok: false, reason: 'failed', detail: 'the page UI could not be loaded: no tab' })
      .mockImplementationOnce(async () => {
        handOverUi(uiBundle, scope);
        return { ok: true, type: 'ui-loaded' };
      });
    const load = createUiLoader(send, scope);
    await expect(load()).rejects.toThrow('the page UI was not loaded: the page UI could not be loaded: no tab');
    expect(await load()).toBe(uiBundle);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('refuses an answer of an unexpected shape', async () => {
    const scope = {};
    const { send } = background(scope, { ok: true, type: 'ui-loaded', extra: 1 });
    await expect(createUiLoader(send, scope)()).rejects.toThrow('unexpected shape');
  });

  it('says so when the background answered but nothing was handed over', async () => {
    const send = vi.fn(async () => ({ ok: true, type: 'ui-loaded' }));
    await expect(createUiLoader(send, {})()).rejects.toThrow('handed nothing over');
  });
});

describe('the hand-over', () => {
  it('keeps the first bundle and reads nothing from a scope without one', () => {
    const scope = {};
    expect(handedOverUi(scope)).toBe(null);
    handOverUi(uiBundle, scope);
    handOverUi({ ...uiBundle }, scope);
    expect(handedOverUi(scope)).toBe(uiBundle);
  });
});
