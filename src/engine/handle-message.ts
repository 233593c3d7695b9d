// The background's message entry point: sender check, schema validation, dispatch.
import {
  parseMessage,
  type EditResult,
  type LedgerResponse,
  type LivePost,
  type MessageError,
  type PongResponse,
  type Rejection,
  type StatusResponse,
  type UiLoadedResponse,
} from '../protocol/index';
import type { Engine } from './engine';
import { classifySender, type ExtensionIdentity, type MessageSenderLike } from './sender';

export type MessageResponse = EditResult | LivePost | Rejection | LedgerResponse | StatusResponse | MessageError | PongResponse | UiLoadedResponse;

/** The frame a content script runs in. */
export interface SenderFrame {
  tabId: number;
  frameId: number;
}

/** Runs the UI bundle (overlay.js) in a content script's frame, in the content script's world. */
export type UiInjector = (frame: SenderFrame) => Promise<void>;

/** The tab and frame of a content script's message (runtime.MessageSender's `tab.id` and `frameId`). */
function frameOf(sender: MessageSenderLike & { frameId?: number }): SenderFrame | null {
  const tab = sender.tab;
  const tabId = typeof tab === 'object' && tab !== null ? (tab as { id?: unknown }).id : undefined;
  if (typeof tabId !== 'number' || !Number.isInteger(tabId) || tabId < 0) return null;
  const frameId = sender.frameId ?? 0;
  return Number.isInteger(frameId) && frameId >= 0 ? { tabId, frameId } : null;
}

/**
 * Answers a runtime message, or returns null for a sender that is not this extension's page
 * or content script: such messages are ignored without an answer. `injectUi` serves the
 * content script's 'load-ui'; without it that message is refused.
 */
export function handleMessage(
  engine: Engine,
  raw: unknown,
  sender: MessageSenderLike & { frameId?: number },
  self: ExtensionIdentity,
  injectUi?: UiInjector,
): Promise<MessageResponse> | null {
  const from = classifySender(sender, self);
  if (from.kind === 'foreign') return null;
  const parsed = parseMessage(raw);
  if (!parsed.ok) return Promise.resolve(messageError('invalid-message', parsed.error));
  const message = parsed.message;

  if (from.kind === 'content-script') {
    switch (message.type) {
      case 'edit':
      case 'read-post':
        if (message.target.origin !== from.origin) {
          return Promise.resolve(messageError('not-allowed', 'a page may only edit posts on its own forge'));
        }
        break;
      case 'undo':
      case 'ping':
      case 'load-ui':
        break;
      default:
        return Promise.resolve(messageError('not-allowed', `'${message.type}' is only for the extension's own pages`));
    }
  }

  switch (message.type) {
    case 'edit': {
      const { type: _type, ...request } = message;
      return engine.edit(request);
    }
    case 'read-post':
      return engine.readPost(message.target);
    case 'undo':
      return engine.undo(message.entryId, from.kind === 'content-script' ? from.origin : undefined);
    case 'ledger':
      return engine.ledger(message.limit).then((entries) => ({ ok: true as const, entries }));
    case 'status':
      return Promise.resolve({ ok: true as const, forges: engine.forgeStatus(), busyPosts: engine.busyPosts(), policy: engine.policy() });
    case 'ping':
      return Promise.resolve({ ok: true as const, type: 'pong' as const });
    case 'load-ui':
      return loadUi(from.kind === 'content-script' ? frameOf(sender) : null, injectUi);
  }
}

async function loadUi(frame: SenderFrame | null, injectUi: UiInjector | undefined): Promise<UiLoadedResponse> {
  if (frame === null) return messageError('not-allowed', "'load-ui' is only for the extension's content scripts");
  if (injectUi === undefined) return messageError('failed', 'this background cannot load the page UI');
  try {
    await injectUi(frame);
  } catch (error) {
    return messageError('failed', `the page UI could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { ok: true, type: 'ui-loaded' };
}

function messageError(reason: MessageError['reason'], detail: string): MessageError {
  return { ok: false, reason, detail };
}
