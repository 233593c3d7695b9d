// Shared checks for the reliability suites: the forge profiles they run on, and the three
// promises every scenario is held to — nothing written twice, nothing lost, every outcome
// reported truthfully.
import { expect } from 'vitest';
import type { LoggedRequest, ProfileName } from '../../e2e/forge/api';
import { createEngine, type Engine } from '../../src/engine/engine';
import { createForgeClient } from '../../src/forge/index';
import { openForge, type Harness, type PageView } from '../../src/engine/__tests__/forge-harness';
import type { BodyOp, Confirmation, EditResult, PostTarget, Rejection } from '../../src/protocol/index';
import { renderResult } from '../../src/protocol/index';

export { openForge, type Harness, type PageView };

export interface ProfileTraits {
  name: ProfileName;
  /** content_version compare-and-swap on the web routes. */
  locked: boolean;
  /** Old-scheme CSRF token on writes. */
  token: boolean;
}

/** Both forges, old and new write protection, with and without the lock. */
export const FAULT_PROFILES: ProfileTraits[] = [
  { name: 'gitea-1.22', locked: false, token: true },
  { name: 'gitea-1.23', locked: true, token: true },
  { name: 'gitea-1.26', locked: true, token: false },
  { name: 'forgejo-7', locked: false, token: true },
  { name: 'forgejo-11', locked: true, token: true },
  { name: 'forgejo-14', locked: true, token: false },
];

export const ATTACHMENT = 'screenshot.png';

export function confirmed(result: EditResult): Confirmation {
  if (!result.ok) throw new Error(`expected a confirmation, got: ${renderResult(result)} (${result.detail})`);
  return result;
}

export function rejected(result: EditResult): Rejection {
  if (result.ok) throw new Error(`expected a rejection, got: ${renderResult(result)}`);
  return result;
}

/** Non-overlapping occurrences of `needle` in `text`. */
export function occurrences(text: string, needle: string): number {
  if (needle === '') throw new Error('occurrences: empty needle');
  return text.split(needle).length - 1;
}

/** Seeds an issue description or a comment (on a fresh issue), each with one attachment. */
export function seedPost(h: Harness, kind: 'issue' | 'comment', body: string): PostTarget {
  if (kind === 'issue') return h.seedIssue(body, { attachments: [ATTACHMENT] });
  const parent = h.seedIssue(`the issue comment ${Math.random().toString(36).slice(2)} is on`);
  return h.seedComment(parent.index, body, { attachments: [ATTACHMENT] });
}

export function stored(h: Harness, target: PostTarget): string {
  return h.forge.post(h.ref(target)).body;
}

/**
 * What every write that reached the double must have carried (forge-facts §1), and what the
 * post must still have: its attachment. Returns the writes, for counting.
 */
export function checkWrites(h: Harness, target: PostTarget): LoggedRequest[] {
  const writes = h.writes();
  for (const w of writes) {
    expect(w.fields.ignore_attachments, `${w.path}: ignore_attachments`).toBe('true');
    expect(typeof w.fields.content, `${w.path}: content`).toBe('string');
    expect(w.fields.content_version, `${w.path}: content_version`).toMatch(/^\d+$/);
  }
  const post = h.forge.post(h.ref(target));
  expect(post.attachments.map((a) => a.name), 'the attachment survives').toEqual([ATTACHMENT]);
  return writes;
}

/** Writes the double accepted (200): each one changed the stored body. */
export function acceptedWrites(h: Harness): LoggedRequest[] {
  return h.writes().filter((w) => w.status === 200);
}

/**
 * A Confirmation tells the truth when the forge now holds the body it reports and, on a locked
 * forge, the version it reports. Call it when nobody else wrote after the confirmation.
 */
export function expectTruthfulConfirmation(h: Harness, target: PostTarget, c: Confirmation, locked: boolean): void {
  const post = h.forge.post(h.ref(target));
  expect(c.body, 'the confirmed body is the stored body').toBe(post.body);
  if (locked && !c.noop) {
    expect(c.locked).toBe(true);
    expect(c.versionAfter, 'the confirmed version is the stored version').toBe(post.version);
  }
  if (!locked) expect(c.locked).toBe(false);
}

/**
 * An open issue page as the content script holds it: the body and version it last showed, and
 * the facts (CSRF token included) read when it loaded. A confirmation refreshes the shown body
 * and version, as the page does after a write; the token is only renewed by a reload.
 */
export class OpenPage {
  private constructor(
    private readonly h: Harness,
    readonly target: PostTarget,
    private view: PageView,
  ) {}

  static async load(h: Harness, target: PostTarget): Promise<OpenPage> {
    return new OpenPage(h, target, await h.view(target));
  }

  get token(): string | null {
    return this.view.facts.csrfToken;
  }

  async edit(op: BodyOp, engine: Engine = this.h.engine): Promise<EditResult> {
    const result = await engine.edit({ target: this.target, op, seen: this.view.seen, facts: this.view.facts });
    if (result.ok) {
      this.view = {
        seen: { body: result.body, version: result.versionAfter },
        facts: { ...this.view.facts, contentVersion: result.versionAfter },
      };
    }
    return result;
  }
}

/**
 * An engine on the same double, ledger and policy as the harness's, whose forge client stops
 * waiting for a write's answer after `writeTimeoutMs` (reads keep the harness's 5 s): for
 * writes that outlive their request. The fetch adds what the browser adds for the worker, as
 * the harness's does.
 */
export function engineWithWriteTimeout(h: Harness, writeTimeoutMs: number): Engine {
  const cookie = h.forge.sessionCookie('owner');
  const client = createForgeClient({
    timeoutMs: 5_000,
    fetch: (url, init) => {
      const headers = new Headers(init.headers);
      headers.set('Cookie', cookie);
      headers.set('Sec-Fetch-Site', 'none');
      const timeout = AbortSignal.timeout(writeTimeoutMs);
      const signal = init.method === 'POST' ? (init.signal ? AbortSignal.any([init.signal, timeout]) : timeout) : init.signal;
      return fetch(url, { ...init, headers, signal });
    },
  });
  return createEngine({ forge: client, ledger: h.ledger, policy: () => h.policy });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves once `condition` holds (polling every few milliseconds; bounded). */
export async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('the awaited condition never came true');
    await sleep(2);
  }
}
