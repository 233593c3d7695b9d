// Answers and look-ups shared by the web routes.

import type { ForgeState, RequestContext } from './context';
import { notFoundPage } from './pages';
import type { Reply } from './reply';
import { htmlReply, statusText, textReply } from './reply';
import type { IssueRecord } from './store';

/**
 * The forges' ctx.NotFound: the 404 page for a browser (Accept mentions text/html), a short
 * plain-text answer for everything else, such as a fetch().
 */
export function notFoundReply(state: ForgeState, ctx: RequestContext): Reply {
  if ((ctx.headers.accept ?? '').includes('text/html')) return htmlReply(404, notFoundPage(state, ctx));
  return textReply(404, 'Not found.');
}

/** ctx.Error(status): the status text as plain text. */
export function statusReply(status: number): Reply {
  return textReply(status, statusText(status));
}

export function pathNumber(ctx: RequestContext, name: string): number | null {
  const raw = ctx.params[name];
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : null;
}

/** The live issue or pull request named by the route's owner, repo and index, or null. */
export function issueFromPath(state: ForgeState, ctx: RequestContext): IssueRecord | null {
  const index = pathNumber(ctx, 'index');
  const owner = ctx.params.owner;
  const repo = ctx.params.repo;
  if (index === null || !owner || !repo) return null;
  const issue = state.store.issueByIndex(owner, repo, index);
  return issue && !state.store.isGone(issue) ? issue : null;
}

/** A redirect target that stays on this site (no scheme, no protocol-relative URL). */
export function safeLocalPath(candidate: string | null | undefined, fallback = '/'): string {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
  return candidate;
}
