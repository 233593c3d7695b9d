// The background engine: the protected cycle, per-post queues, the ledger and undo.
export { createEngine } from './engine';
export type { Engine, EngineOptions, UndoFailure } from './engine';
export { createLedger, browserLocalStore } from './ledger';
export type { Ledger, KeyValueStore, LedgerOptions } from './ledger';
export { handleMessage } from './handle-message';
export type { MessageResponse, SenderFrame, UiInjector } from './handle-message';
export { classifySender } from './sender';
export type { ExtensionIdentity, MessageSenderLike } from './sender';
export { DEFAULT_ENGINE_POLICY } from './policy';
export { MAX_WRITE_ATTEMPTS } from './cycle';
export { changedSpans } from './changed-spans';
export { lineDiff } from './line-diff';
