// The content script's only channel to the engine: runtime messages, validated on the way out
// and on the way back. Failures of the channel itself become typed Rejections, so the page
// renders every outcome through renderResult alike.
import { browser } from 'wxt/browser';
import {
  EditResponseSchema,
  ReadPostResponseSchema,
  type BodyOp,
  type EditMessage,
  type EditResult,
  type LivePost,
  type PostTarget,
  type ReadPostMessage,
  type Rejection,
  type RejectionReason,
  type Verb,
  verbOf,
} from '../protocol/index';

export interface BackgroundClient {
  edit(message: EditMessage): Promise<EditResult>;
  read(target: PostTarget): Promise<LivePost | Rejection>;
}

/** A Rejection decided in the page (nothing was sent, or the answer could not be used). */
export function pageRejection(
  target: PostTarget,
  op: BodyOp | null,
  reason: RejectionReason,
  detail: string,
  live: { body: string; version: number | null } | null = null,
): Rejection {
  const verb: Verb = op === null ? 'read' : verbOf(op);
  return {
    ok: false,
    verb,
    op,
    target,
    reason,
    detail,
    liveBody: live?.body ?? null,
    liveVersion: live?.version ?? null,
    sentBody: null,
    diff: null,
    checklistChanges: null,
    attempts: 0,
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createBackgroundClient(send: (message: unknown) => Promise<unknown> = (m) => browser.runtime.sendMessage(m)): BackgroundClient {
  return {
    async edit(message) {
      let answer: unknown;
      try {
        answer = await send(message);
      } catch (error) {
        // The message may have reached the engine before the channel failed.
        return pageRejection(message.target, message.op, 'unknown-outcome', `The extension's background did not answer: ${describe(error)}.`);
      }
      const parsed = EditResponseSchema.safeParse(answer);
      if (!parsed.success) {
        return pageRejection(message.target, message.op, 'unknown-outcome', 'The extension\'s background answered in an unexpected shape.');
      }
      const result = parsed.data;
      if ('reason' in result && !('verb' in result)) {
        return pageRejection(message.target, message.op, 'invalid', result.detail);
      }
      return result as EditResult;
    },
    async read(target) {
      const message: ReadPostMessage = { type: 'read-post', target };
      let answer: unknown;
      try {
        answer = await send(message);
      } catch (error) {
        return pageRejection(target, null, 'network', `The extension's background did not answer: ${describe(error)}.`);
      }
      const parsed = ReadPostResponseSchema.safeParse(answer);
      if (!parsed.success) return pageRejection(target, null, 'bad-answer', 'the extension\'s background answered in an unexpected shape');
      const result = parsed.data;
      if (!result.ok && !('verb' in result)) return pageRejection(target, null, 'invalid', result.detail);
      return result as LivePost | Rejection;
    },
  };
}
