import { describe, expect, it } from 'vitest';
import { classifySender } from './sender';

const self = { id: 'ext-id', baseUrl: 'chrome-extension://ext-id/' };

describe('classifySender', () => {
  it('accepts the extension pages', () => {
    expect(classifySender({ id: 'ext-id', url: 'chrome-extension://ext-id/popup.html' }, self)).toEqual({ kind: 'extension-page' });
  });

  it('accepts a content script and pins it to its page origin', () => {
    expect(classifySender({ id: 'ext-id', url: 'http://127.0.0.1:3000/o/r/issues/1', tab: { id: 1 } }, self)).toEqual({
      kind: 'content-script',
      origin: 'http://127.0.0.1:3000',
    });
  });

  it.each([
    ['another extension', { id: 'other', url: 'chrome-extension://other/x.html' }],
    ['no id', { url: 'chrome-extension://ext-id/popup.html' }],
    ['a page of another extension with our id spoofed in the url', { id: 'other', url: 'chrome-extension://ext-id/popup.html' }],
    ['a tab-less web url', { id: 'ext-id', url: 'https://evil.example/' }],
    ['a content script on a non-web url', { id: 'ext-id', url: 'file:///etc/passwd', tab: { id: 1 } }],
    ['nothing at all', {}],
  ])('refuses %s', (_name, sender) => {
    expect(classifySender(sender, self)).toEqual({ kind: 'foreign' });
  });
});
