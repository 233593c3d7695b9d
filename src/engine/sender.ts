// Who sent a runtime message. Only this extension's own pages and its content scripts may
// drive the engine; a content script speaks for the page origin it runs in and nothing else.
export interface MessageSenderLike {
  id?: string;
  url?: string;
  tab?: unknown;
}

export interface ExtensionIdentity {
  /** browser.runtime.id */
  id: string;
  /** browser.runtime.getURL('/'), e.g. 'chrome-extension://abc/' */
  baseUrl: string;
}

export type SenderKind =
  | { kind: 'extension-page' }
  | { kind: 'content-script'; origin: string }
  | { kind: 'foreign' };

export function classifySender(sender: MessageSenderLike, self: ExtensionIdentity): SenderKind {
  if (typeof sender.id !== 'string' || sender.id !== self.id) return { kind: 'foreign' };
  const url = typeof sender.url === 'string' ? sender.url : '';
  if (url !== '' && url.startsWith(self.baseUrl)) return { kind: 'extension-page' };
  if (sender.tab !== undefined && sender.tab !== null && /^https?:\/\//.test(url)) {
    try {
      return { kind: 'content-script', origin: new URL(url).origin };
    } catch {
      return { kind: 'foreign' };
    }
  }
  return { kind: 'foreign' };
}
