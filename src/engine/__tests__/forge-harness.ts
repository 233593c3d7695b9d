// Test support: the engine wired to the forge double over real HTTP. The only thing added to
// the global fetch is what the browser adds for the extension's worker: the session cookie
// and `Sec-Fetch-Site: none`.
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing';
import type { ForgeDouble, LoggedRequest, PostRef, ProfileName, StartOptions, UserName } from '../../../e2e/forge/api';
import { startForge } from '../../../e2e/forge/server';
import { createForgeClient, readPostFromPage, type FetchLike, type ForgeClient } from '../../forge/index';
import type { BodyOp, EditResult, EnginePolicy, PageFacts, PostTarget, Seen } from '../../protocol/index';
import { createEngine, type Engine } from '../engine';
import { browserLocalStore, createLedger, type Ledger } from '../ledger';
import { DEFAULT_ENGINE_POLICY } from '../policy';

export const WRITE_ROUTES = ['issue-content', 'comment-update'];

export interface PageView {
  seen: Seen;
  facts: PageFacts;
}

export interface Harness {
  forge: ForgeDouble;
  engine: Engine;
  client: ForgeClient;
  ledger: Ledger;
  policy: EnginePolicy;
  seedIssue(body: string, options?: { attachments?: string[]; isPull?: boolean }): PostTarget;
  seedComment(index: number, body: string, options?: { attachments?: string[]; review?: boolean }): PostTarget;
  ref(target: PostTarget): PostRef;
  /** What the issue page shows for the post right now, as the content script reads it. */
  view(target: PostTarget): Promise<PageView>;
  edit(target: PostTarget, op: BodyOp, view: PageView): Promise<EditResult>;
  /** Requests since the last clearRequests(). */
  requests(): LoggedRequest[];
  writes(): LoggedRequest[];
  close(): Promise<void>;
}

export async function openForge(profile: ProfileName, options: Omit<StartOptions, 'profile'> & { user?: UserName } = {}): Promise<Harness> {
  const forge = await startForge({ profile, ...options });
  const cookie = forge.sessionCookie(options.user ?? 'owner');
  const sessionFetch: FetchLike = (url, init) => {
    const headers = new Headers(init.headers);
    headers.set('Cookie', cookie);
    headers.set('Sec-Fetch-Site', 'none');
    return fetch(url, { ...init, headers });
  };
  const client = createForgeClient({ fetch: sessionFetch, timeoutMs: 5_000 });
  fakeBrowser.reset();
  const ledger = createLedger({ store: browserLocalStore(browser.storage.local) });
  const harness: Harness = {
    forge,
    client,
    ledger,
    policy: { ...DEFAULT_ENGINE_POLICY },
    engine: undefined as unknown as Engine,
    seedIssue(body, opts = {}) {
      const { index } = forge.seedIssue({ body, ...opts });
      return { origin: forge.url, repoLink: '/owner/repo', kind: 'issue', index };
    },
    seedComment(index, body, opts = {}) {
      const { commentId } = forge.seedComment({ index, body, ...opts });
      return { origin: forge.url, repoLink: '/owner/repo', kind: 'comment', index, commentId };
    },
    ref(target) {
      return target.kind === 'issue' ? { kind: 'issue', index: target.index } : { kind: 'comment', commentId: target.commentId };
    },
    async view(target) {
      const res = await sessionFetch(`${target.origin}${target.repoLink}/issues/${target.index}`, { method: 'GET' });
      const read = readPostFromPage(await res.text(), target);
      if (!read.ok) throw new Error(`the page does not show the post: ${read.detail}`);
      return { seen: { body: read.post.body, version: read.post.version }, facts: read.post.facts };
    },
    edit(target, op, view) {
      return harness.engine.edit({ target, op, seen: view.seen, facts: view.facts });
    },
    requests: () => forge.requests(),
    writes: () => forge.requests().filter((r) => r.method === 'POST' && WRITE_ROUTES.includes(r.route)),
    close: () => forge.close(),
  };
  harness.engine = createEngine({ forge: client, ledger, policy: () => harness.policy });
  return harness;
}
