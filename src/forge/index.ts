// The forge boundary: the only module that talks HTTP to Gitea or Forgejo.
export { createForgeClient, createExtensionForgeClient } from './client';
export type { FetchLike, ForgeClient, ForgeClientOptions, LiveRead, ReadOutcome, ReadFailureReason, WriteInput, WriteResult } from './client';
export type { WriteOutcome } from './answers';
export { readPostFromPage } from './read-page';
export { detectPage, versionAtLeast } from './detect-page';
