// Messages between the extension's pages/content scripts and the background engine.
//
// Every message is a strict object with a `type`; the background validates each one with
// MessageSchema (parseMessage) before acting, and callers validate the answer with the
// matching *ResponseSchema. Any request may also be answered with a MessageError.
//
//   type         sent by                     answer
//   'edit'       content script              EditResult (Confirmation | Rejection), one per message
//   'read-post'  content script, popup       ReadPostResult: the live body and version (the editor's seed)
//   'undo'       popup; content script for   EditResult for the inverse patch of a ledger entry
//                a post on its own origin
//   'ledger'     popup, options page         LedgerResponse: the newest entries first
//   'status'     popup, options page         StatusResponse: per-forge capabilities, busy posts, policy
//   'ping'       anyone of ours              PongResponse: the worker is up
//   'load-ui'    content script              UiLoadedResponse: the UI bundle (overlay.js) has run
//                                            in the sender's frame
//
// A content script may only name targets on the origin of the page it runs in.
import * as z from 'zod/mini';
import { BodyOpSchema } from './body-op';
import { LedgerEntrySchema } from './ledger-entry';
import { ForgeKindSchema, PageFactsSchema, SeenSchema } from './page-facts';
import { EnginePolicySchema } from './policy';
import { PostTargetSchema } from './post-target';
import { EditResultSchema, RejectionSchema } from './result';

const editRequestShape = {
  /** The post to edit. */
  target: PostTargetSchema,
  /** The anchored op; it is applied to the live body, never a body sent by the page. */
  op: BodyOpSchema,
  /** What the page showed when the user acted (`.raw-content` text and `data-content-version`). */
  seen: SeenSchema,
  /** What the page says about the post and the forge. */
  facts: PageFactsSchema,
};

/** An edit as the engine receives it. */
export const EditRequestSchema = z.strictObject(editRequestShape);
export type EditRequest = z.infer<typeof EditRequestSchema>;

export const EditMessageSchema = z.strictObject({ type: z.literal('edit'), ...editRequestShape });
export type EditMessage = z.infer<typeof EditMessageSchema>;

/** Read the live body and version of a post (re-read when the editor opens). */
export const ReadPostMessageSchema = z.strictObject({ type: z.literal('read-post'), target: PostTargetSchema });
export type ReadPostMessage = z.infer<typeof ReadPostMessageSchema>;

/** Undo a confirmed edit from the ledger by its entry id. */
export const UndoMessageSchema = z.strictObject({ type: z.literal('undo'), entryId: z.string().check(z.minLength(1)) });
export type UndoMessage = z.infer<typeof UndoMessageSchema>;

/** List ledger entries, newest first; `limit` defaults to all that are kept. */
export const LedgerMessageSchema = z.strictObject({
  type: z.literal('ledger'),
  limit: z.optional(z.int().check(z.positive())),
});
export type LedgerMessage = z.infer<typeof LedgerMessageSchema>;

/** What the engine knows about the forges it has talked to. */
export const StatusMessageSchema = z.strictObject({ type: z.literal('status') });
export type StatusMessage = z.infer<typeof StatusMessageSchema>;

/** A liveness check (tests, the popup on open). */
export const PingMessageSchema = z.strictObject({ type: z.literal('ping') });

/**
 * Run the UI bundle (overlay.js: Preact, the overlay, jsdiff) in the sending content script's
 * frame. A content script cannot inject scripts itself; it asks for this once its page has a
 * post the viewer may edit.
 */
export const LoadUiMessageSchema = z.strictObject({ type: z.literal('load-ui') });
export type LoadUiMessage = z.infer<typeof LoadUiMessageSchema>;

export const MessageSchema = z.discriminatedUnion('type', [
  EditMessageSchema,
  ReadPostMessageSchema,
  UndoMessageSchema,
  LedgerMessageSchema,
  StatusMessageSchema,
  PingMessageSchema,
  LoadUiMessageSchema,
]);
export type Message = z.infer<typeof MessageSchema>;
export type MessageType = Message['type'];

// ---- answers ----

/** The message was malformed or not allowed from its sender (nothing was done), or what it asked for failed. */
export const MessageErrorSchema = z.strictObject({
  ok: z.literal(false),
  reason: z.enum(['invalid-message', 'not-allowed', 'failed']),
  detail: z.string(),
});
export type MessageError = z.infer<typeof MessageErrorSchema>;

export const EditResponseSchema = z.union([EditResultSchema, MessageErrorSchema]);

export const LivePostSchema = z.strictObject({
  ok: z.literal(true),
  target: PostTargetSchema,
  body: z.string(),
  version: z.nullable(z.int().check(z.nonnegative())),
  /** False when the forge has no content_version lock for this post. */
  locked: z.boolean(),
  facts: PageFactsSchema,
});
export type LivePost = z.infer<typeof LivePostSchema>;

/** A failed read is a Rejection with verb 'read' and op null. */
export const ReadPostResultSchema = z.union([LivePostSchema, RejectionSchema]);
export type ReadPostResult = z.infer<typeof ReadPostResultSchema>;
export const ReadPostResponseSchema = z.union([LivePostSchema, RejectionSchema, MessageErrorSchema]);

export const LedgerResponseSchema = z.union([
  z.strictObject({ ok: z.literal(true), entries: z.array(LedgerEntrySchema) }),
  MessageErrorSchema,
]);
export type LedgerResponse = z.infer<typeof LedgerResponseSchema>;

export const ForgeStatusSchema = z.strictObject({
  origin: z.string(),
  forge: z.nullable(ForgeKindSchema),
  forgeVersion: z.nullable(z.string()),
  /** Whether the last post read there had a content_version lock; null before any read. */
  locked: z.nullable(z.boolean()),
  /** Whether writes there need the old CSRF token. */
  csrfToken: z.nullable(z.boolean()),
  /** Milliseconds since the epoch of the last contact. */
  lastSeen: z.number(),
});
export type ForgeStatus = z.infer<typeof ForgeStatusSchema>;

export const StatusResponseSchema = z.union([
  z.strictObject({
    ok: z.literal(true),
    forges: z.array(ForgeStatusSchema),
    /** Posts with edits queued or in flight. */
    busyPosts: z.int().check(z.nonnegative()),
    policy: EnginePolicySchema,
  }),
  MessageErrorSchema,
]);
export type StatusResponse = z.infer<typeof StatusResponseSchema>;

export const PongResponseSchema = z.strictObject({ ok: z.literal(true), type: z.literal('pong') });
export type PongResponse = z.infer<typeof PongResponseSchema>;

/** The UI bundle ran in the sender's frame: its API now waits there (src/page/ui-handover.ts). */
export const UiLoadedResponseSchema = z.union([
  z.strictObject({ ok: z.literal(true), type: z.literal('ui-loaded') }),
  MessageErrorSchema,
]);
export type UiLoadedResponse = z.infer<typeof UiLoadedResponseSchema>;

/** The undo answer: the inverse patch's result, or a MessageError for an unknown or foreign entry. */
export const UndoResponseSchema = EditResponseSchema;
