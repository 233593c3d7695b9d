// The one interface through which the specs reach a forge. Two implementations: `double`
// (the in-process forge double) and `real` (a Gitea or Forgejo named by FORGE_URL). A spec
// never knows which one it has; what only one can do is a capability it asks about.
import type { BrowserContext } from '@playwright/test';

/**
 * - `request-log`: every request that reached the forge, with its fields and headers.
 * - `faults`: injected failures (delays, errors, dropped connections).
 * - `reader`: a second account that may read but not edit the editor's posts.
 * - `pulls`: pull requests and review comments can be seeded.
 */
export type Capability = 'request-log' | 'faults' | 'reader' | 'pulls';

/** Who is signed in: the account that edits, or one that may only read. */
export type Role = 'editor' | 'reader';

export type PostRef = { kind: 'issue'; index: number } | { kind: 'comment'; index: number; commentId: number };

export interface SeededIssue {
  index: number;
  /** The issue (or pull request) page. */
  url: string;
  post: PostRef;
}

/** A write that reached the forge's body routes. */
export interface LoggedWrite {
  path: string;
  fields: Record<string, string>;
  /** Lower-cased request headers. */
  headers: Record<string, string>;
  status: number;
}

export interface ForgeDriver {
  /** 'double:<profile>' or 'real'. */
  readonly label: string;
  readonly origin: string;
  can(capability: Capability): boolean;
  /** Whether the forge has the content_version lock (Gitea ≥1.23, Forgejo ≥v8). */
  hasLock(): Promise<boolean>;
  createIssue(body: string, options?: { pull?: boolean; title?: string }): Promise<SeededIssue>;
  createComment(index: number, body: string, options?: { review?: boolean }): Promise<PostRef & { kind: 'comment' }>;
  readBody(post: PostRef): Promise<string>;
  /** Another writer changes the body behind the page's back. */
  writeBody(post: PostRef, body: string): Promise<void>;
  /** Signs the browser context in as `role`. */
  signIn(context: BrowserContext, role: Role): Promise<void>;
  /** Writes to post bodies since the log was last cleared (capability `request-log`). */
  writes(): LoggedWrite[];
  clearLog(): void;
  close(): Promise<void>;
}
