// The programmatic handle of the forge double: what tests, benchmarks and the demo use to
// start it, seed it, change it behind a page's back, inject faults and read what reached it.
// The double implements this in server.ts (`startForge`); everything else only imports types.

export type ProfileName =
  | 'gitea-1.22'
  | 'gitea-1.23'
  | 'gitea-1.24'
  | 'gitea-1.26'
  | 'gitea-1.27'
  | 'forgejo-7'
  | 'forgejo-11'
  | 'forgejo-14';

export type UserName = 'owner' | 'writer' | 'reader' | 'outsider';

export interface StartOptions {
  profile?: ProfileName; // default 'gitea-1.26'
  port?: number; // default 0: any free port on 127.0.0.1
  language?: 'en-US' | 'de-DE' | 'fr-FR'; // language of localized messages (conflict text)
  seedSamples?: boolean; // seed the demo's sample repo and issues
}

export interface Attachment {
  uuid: string;
  name: string;
}

export interface SeedIssue {
  owner?: string; // default 'owner'
  repo?: string; // default 'repo'
  title?: string;
  body: string; // stored as given (CRLF kept)
  isPull?: boolean;
  poster?: UserName; // default 'owner'
  attachments?: string[]; // file names; each gets a uuid
}

export interface SeedComment {
  owner?: string;
  repo?: string;
  index: number; // issue or PR number
  body: string;
  poster?: UserName;
  review?: boolean; // a review comment (PR) instead of a plain comment
  attachments?: string[];
  /** 'event' seeds a timeline entry that holds no text (a label change): edits answer 204. Default 'comment'. */
  kind?: 'comment' | 'event';
}

/** A post as stored: the description of issue/PR `index`, or comment `commentId`. */
export interface StoredPost {
  body: string;
  version: number;
  attachments: Attachment[];
  deleted: boolean;
}

export type PostRef =
  | { owner?: string; repo?: string; kind: 'issue'; index: number }
  | { owner?: string; repo?: string; kind: 'comment'; commentId: number };

export type Fault =
  | { kind: 'delay'; ms: number }
  | { kind: 'error-before-write'; status?: number } // 500 by default; nothing is stored
  | { kind: 'error-after-write'; status?: number } // the write commits, then a 500 is answered
  | { kind: 'drop-after-write' } // the write commits, then the connection is destroyed
  | { kind: 'html-instead-of-json' }; // answers 200 with an HTML page where JSON was expected

export interface FaultRule {
  fault: Fault;
  /** Which requests: by method and a path test (substring or RegExp); default every POST write. */
  method?: string;
  path?: string | RegExp;
  times?: number; // how many matching requests it applies to (default 1)
}

export interface LoggedRequest {
  method: string;
  path: string; // pathname + search
  route: string; // a route name such as 'issue-content', 'comment-update', 'issue-info', 'issue-page', 'api-issue-patch'
  fields: Record<string, string>; // form fields (multipart or urlencoded) or JSON body fields, as strings
  headers: Record<string, string>; // lower-cased request headers
  status: number;
  user: UserName | null; // the signed-in user (cookie) or token owner
}

export interface ForgeDouble {
  readonly url: string; // e.g. http://127.0.0.1:43121
  readonly profile: ProfileName;
  /** Cookie header value for a signed-in session of `user` (e.g. 'i_like_gitea=…'). */
  sessionCookie(user: UserName): string;
  /** API token of `user` for the REST API (Authorization: token …). */
  apiToken(user: UserName): string;
  seedIssue(seed: SeedIssue): { index: number; id: number; url: string };
  seedComment(seed: SeedComment): { commentId: number };
  /** Change a body behind the page's back, as another writer would: bumps the version. */
  setBody(post: PostRef, body: string): StoredPost;
  /** Delete a post (issue or comment): later reads and writes answer 404. */
  deletePost(post: PostRef): void;
  post(post: PostRef): StoredPost;
  inject(rule: FaultRule): void;
  clearFaults(): void;
  /** Expire every CSRF token issued so far (old-scheme profiles). */
  expireCsrfTokens(): void;
  setLanguage(language: 'en-US' | 'de-DE' | 'fr-FR'): void;
  requests(): LoggedRequest[];
  clearRequests(): void;
  close(): Promise<void>;
  /** A CSRF token valid now for `user`'s session (old-scheme profiles); null where the profile has none. */
  csrfToken?(user: UserName): string | null;
  /** Per-user theme setting, as on the forge's appearance settings page ('auto' follows the OS). */
  setTheme?(user: UserName, theme: 'light' | 'dark' | 'auto'): void;
}
