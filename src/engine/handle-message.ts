// The background's message entry point: sender check, schema validation, dispatch.
import { parseMessage, type EditResult, type LedgerResponse, type LivePost, type MessageError, type PongResponse, type Rejection, type StatusResponse } from '../protocol/index';
import type { Engine } from './engine';
import { classifySender, type ExtensionIdentity, type MessageSenderLike } from './sender';

export type MessageResponse = EditResult | LivePost | Rejection | LedgerResponse | StatusResponse | MessageError | PongResponse;

/**
 * Answers a runtime message, or returns null for a sender that is not this extension's page
 * or content script: such messages are ignored without an answer.
 */
export function handleMessage(
  engine: Engine,
  raw: unknown,
  sender: MessageSenderLike,
  self: ExtensionIdentity,
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
  }
}

function messageError(reason: MessageError['reason'], detail: string): MessageError {
  return { ok: false, reason, detail };
}
