// The only code that sends HTTP to a forge. It reads a post's live body and version and writes
// a body under a version, through the web routes with the session cookie (forge-facts §1, §2).
// The fetch is injected: the extension passes the worker's fetch, tests pass one that adds
// the session cookie as the browser would.
import type { PageFacts, PostTarget } from '../protocol/index';
import { updatePathOf } from '../protocol/index';
import { classifyWriteAnswer, IssueInfoSchema, tryJson, type WriteOutcome } from './answers';
import { versionAtLeast } from './detect-page';
import { readPostFromPage } from './read-page';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ForgeClientOptions {
  fetch: FetchLike;
  /** Per request; a write that times out is an unknown outcome. Default 20 s. */
  timeoutMs?: number;
}

export interface LiveRead {
  body: string;
  /** null when the forge has no lock for this post. */
  version: number | null;
  /** Facts for writing: token, context and forge hints as freshly read. */
  facts: PageFacts;
  /** 'page' bodies are LF-normalized by the HTML parser; 'info' bodies are stored bytes. */
  source: 'info' | 'page';
  canEdit: boolean | null;
}

export type ReadFailureReason = 'gone' | 'forbidden' | 'network' | 'bad-answer' | 'server-error';
export type ReadOutcome = { ok: true; live: LiveRead } | { ok: false; reason: ReadFailureReason; detail: string };

export interface WriteInput {
  /** The whole new body: always produced by applying an op to a body just read or just shown. */
  content: string;
  /** The version the body was derived from; null on forges without a lock (sent as 0). */
  version: number | null;
  facts: PageFacts;
}

/** A write's outcome, plus the CSRF token that is now current (refreshed after a token failure). */
export type WriteResult = WriteOutcome & { csrfToken: string | null };

export interface ForgeClient {
  /** The post's live body and version. `hints` (page facts) help pick the cheapest way to read. */
  readPost(target: PostTarget, hints?: PageFacts | null): Promise<ReadOutcome>;
  /** One compare-and-swap write (plus one retry with a fresh token if the token had expired). */
  writePost(target: PostTarget, input: WriteInput): Promise<WriteResult>;
}

export function createForgeClient(options: ForgeClientOptions): ForgeClient {
  const timeoutMs = options.timeoutMs ?? 20_000;
  // Origins where `/info` turned out not to carry a version (Forgejo, Gitea < 1.26).
  const infoUnusable = new Set<string>();
  // Pull requests whose page lives under /pulls/ (learnt from the redirect).
  const pagePaths = new Map<string, string>();

  function rememberPullPath(key: string, target: PostTarget, finalUrl: string): void {
    const expected = `${target.repoLink}/pulls/${target.index}`;
    try {
      const url = new URL(finalUrl);
      if (url.origin === target.origin && url.pathname === expected) pagePaths.set(key, expected);
    } catch {
      // An unparsable final URL teaches nothing.
    }
  }

  function send(url: string, init: RequestInit): Promise<Response> {
    return options.fetch(url, {
      ...init,
      credentials: 'include',
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  function shouldTryInfo(target: PostTarget, hints: PageFacts | null | undefined): boolean {
    if (target.kind !== 'issue' || infoUnusable.has(target.origin)) return false;
    if (!hints) return true;
    if (hints.forge === 'forgejo' || hints.csrfToken !== null) return false;
    return versionAtLeast(hints.forgeVersion, 1, 26) !== false;
  }

  async function readInfo(
    target: PostTarget,
    hints: PageFacts | null | undefined,
  ): Promise<ReadOutcome | { fallBack: true; routeLacksVersion: boolean }> {
    let res: Response;
    let text: string;
    try {
      res = await send(`${target.origin}${target.repoLink}/issues/${target.index}/info`, {
        method: 'GET',
        headers: { Accept: 'application/json' },
      });
      text = await res.text();
    } catch (error) {
      return { ok: false, reason: 'network', detail: errorText(error) };
    }
    // A 404 may mean the issue is gone or that the route does not exist: the page decides.
    if (res.status === 404 || res.status >= 500) return { fallBack: true, routeLacksVersion: res.status === 404 };
    const parsed = res.status === 200 ? IssueInfoSchema.safeParse(tryJson(text)) : null;
    const version = parsed?.success ? parsed.data.convertedIssue.content_version : undefined;
    if (!parsed?.success || version === undefined) {
      infoUnusable.add(target.origin);
      return { fallBack: true, routeLacksVersion: true };
    }
    return {
      ok: true,
      live: {
        body: parsed.data.convertedIssue.body,
        version,
        source: 'info',
        canEdit: null,
        facts: {
          updateUrl: updatePathOf(target),
          context: target.repoLink,
          contentVersion: version,
          csrfToken: null,
          forge: 'gitea',
          forgeVersion: hints?.forgeVersion ?? null,
        },
      },
    };
  }

  async function readPage(target: PostTarget): Promise<ReadOutcome & { csrfToken?: string | null }> {
    let res: Response;
    let text: string;
    const pageKey = `${target.origin}${target.repoLink}#${target.index}`;
    try {
      // PRs redirect from /issues/ to /pulls/; fetch follows it, and the new path is kept so
      // the next read of that PR costs one request.
      res = await send(`${target.origin}${pagePaths.get(pageKey) ?? `${target.repoLink}/issues/${target.index}`}`, {
        method: 'GET',
        headers: { Accept: 'text/html' },
      });
      text = await res.text();
    } catch (error) {
      return { ok: false, reason: 'network', detail: errorText(error) };
    }
    if (res.redirected && res.status === 200) rememberPullPath(pageKey, target, res.url);
    if (res.status === 404) return { ok: false, reason: 'gone', detail: 'HTTP 404' };
    if (res.status === 401 || res.status === 403) return { ok: false, reason: 'forbidden', detail: `HTTP ${res.status}` };
    if (res.status >= 500) return { ok: false, reason: 'server-error', detail: `HTTP ${res.status}` };
    if (res.status !== 200) return { ok: false, reason: 'bad-answer', detail: `HTTP ${res.status}` };
    const read = readPostFromPage(text, target);
    if (read.ok) {
      if (target.kind === 'issue' && read.post.version === null) infoUnusable.add(target.origin);
      return { ok: true, live: { ...read.post, source: 'page' } };
    }
    if (read.problem === 'not-found' || read.problem === 'not-an-issue-page') {
      if (/\/user\/login/.test(res.url)) return { ok: false, reason: 'forbidden', detail: 'signed out (the forge asked to log in)' };
      if (read.problem === 'not-found') return { ok: false, reason: 'gone', detail: read.detail, csrfToken: read.csrfToken };
    }
    return { ok: false, reason: 'bad-answer', detail: read.detail };
  }

  async function readPost(target: PostTarget, hints?: PageFacts | null): Promise<ReadOutcome> {
    if (shouldTryInfo(target, hints)) {
      const info = await readInfo(target, hints);
      if (!('fallBack' in info)) return info;
      const page = await readPage(target);
      // The post exists but /info had no version for it: on this origin the page is the way to read.
      if (page.ok && info.routeLacksVersion) infoUnusable.add(target.origin);
      return page;
    }
    return readPage(target);
  }

  async function postOnce(target: PostTarget, input: WriteInput, csrfToken: string | null): Promise<WriteOutcome> {
    const form = new URLSearchParams();
    form.set('content', input.content);
    // Always sent: a missing version reads as 0 and does not disable the check (forge-facts §1).
    form.set('content_version', String(input.version ?? 0));
    form.set('context', input.facts.context !== '' ? input.facts.context : target.repoLink);
    // Without this the forge deletes every attachment of the post not listed in files[].
    form.set('ignore_attachments', 'true');
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (csrfToken !== null) {
      form.set('_csrf', csrfToken);
      headers['X-Csrf-Token'] = csrfToken;
    }
    let res: Response;
    let text: string;
    try {
      res = await send(`${target.origin}${updatePathOf(target)}`, { method: 'POST', headers, body: form });
      text = await res.text();
    } catch (error) {
      return { kind: 'unknown', detail: `no answer: ${errorText(error)}`, cause: 'network' };
    }
    return classifyWriteAnswer(res.status, res.headers.get('content-type') ?? '', text);
  }

  async function writePost(target: PostTarget, input: WriteInput): Promise<WriteResult> {
    const first = await postOnce(target, input, input.facts.csrfToken);
    if (first.kind !== 'csrf') return { ...first, csrfToken: input.facts.csrfToken };
    // The token expired (old scheme): one fresh page read for a new token, one retry.
    const page = await readPage(target);
    const fresh = page.ok ? page.live.facts.csrfToken : (page.csrfToken ?? null);
    if (fresh === null) return { ...first, csrfToken: input.facts.csrfToken };
    const second = await postOnce(target, input, fresh);
    return { ...second, csrfToken: fresh };
  }

  return { readPost, writePost };
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timed out';
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}

/** The client the extension uses: the worker's own fetch, which carries the forge's cookies. */
export function createExtensionForgeClient(): ForgeClient {
  return createForgeClient({ fetch: (url, init) => globalThis.fetch(url, init) });
}
