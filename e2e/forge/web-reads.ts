// The web read routes: pages, the description's /info JSON, attachment lists and downloads.

import type { ForgeState, RequestContext } from './context';
import { attachmentJson, issueJson } from './convert';
import { homePage, issueListPage, issuePage, pullFilesPage, repoHomePage } from './pages';
import type { Reply } from './reply';
import { htmlReply, jsonReply, redirectReply } from './reply';
import { issueFromPath, notFoundReply, pathNumber } from './route-helpers';

function repoExists(state: ForgeState, ctx: RequestContext): boolean {
  return Boolean(ctx.params.owner && ctx.params.repo && state.store.repo(ctx.params.owner, ctx.params.repo));
}

/**
 * GET {repoLink}/issues/{index} and {repoLink}/pulls/{index}: the conversation page. The
 * forges send a pull request's /issues/ URL to /pulls/ (and an issue's /pulls/ URL back).
 */
export function conversationPage(state: ForgeState, ctx: RequestContext): Reply {
  const issue = issueFromPath(state, ctx);
  if (!issue) return notFoundReply(state, ctx);
  const askedPulls = ctx.params.type === 'pulls';
  if (issue.isPull !== askedPulls) {
    return redirectReply(`/${issue.owner}/${issue.repo}/${issue.isPull ? 'pulls' : 'issues'}/${issue.index}${ctx.url.search}`);
  }
  return htmlReply(200, issuePage(state, ctx, issue));
}

export function pullFiles(state: ForgeState, ctx: RequestContext): Reply {
  const issue = issueFromPath(state, ctx);
  if (!issue || !issue.isPull) return notFoundReply(state, ctx);
  return htmlReply(200, pullFilesPage(state, ctx, issue));
}

/**
 * GET {repoLink}/issues/{index}/info. Gitea 1.22 and Forgejo answer the bare API issue JSON
 * (body, no version); Gitea ≥1.23 wraps it as {convertedIssue, renderedLabels}, and from 1.26
 * the converted issue carries content_version.
 */
export function issueInfo(state: ForgeState, ctx: RequestContext): Reply {
  const issue = issueFromPath(state, ctx);
  if (!issue) return notFoundReply(state, ctx);
  const { profile } = state;
  const converted = issueJson(profile, state.baseUrl, issue, state.store.commentsOf(issue.id).length, {
    withVersion: profile.infoShape === 'wrapped-with-version',
  });
  if (profile.infoShape === 'bare-issue') return jsonReply(200, converted);
  return jsonReply(200, { convertedIssue: converted, renderedLabels: '' });
}

/** GET {repoLink}/issues/{index}/attachments: what the editor's dropzone loads. */
export function issueAttachments(state: ForgeState, ctx: RequestContext): Reply {
  const issue = issueFromPath(state, ctx);
  if (!issue) return notFoundReply(state, ctx);
  return jsonReply(200, issue.attachments.map((a) => attachmentJson(state.baseUrl, a)));
}

/** GET {repoLink}/comments/{id}/attachments. */
export function commentAttachments(state: ForgeState, ctx: RequestContext): Reply {
  const id = pathNumber(ctx, 'id');
  const comment = id === null ? undefined : state.store.comment(id);
  if (!comment || state.store.isGone(comment)) return notFoundReply(state, ctx);
  return jsonReply(200, comment.attachments.map((a) => attachmentJson(state.baseUrl, a)));
}

/** GET /attachments/{uuid}: the stored file. */
export function attachmentDownload(state: ForgeState, ctx: RequestContext): Reply {
  const attachment = state.store.attachment(ctx.params.uuid ?? '');
  if (!attachment) return notFoundReply(state, ctx);
  return {
    status: 200,
    headers: {
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="${attachment.name.replace(/["\\\r\n]/g, '_')}"`,
    },
    body: attachment.content,
  };
}

export function issueList(state: ForgeState, ctx: RequestContext): Reply {
  if (!repoExists(state, ctx)) return notFoundReply(state, ctx);
  return htmlReply(200, issueListPage(state, ctx, ctx.params.owner!, ctx.params.repo!, ctx.params.type === 'pulls'));
}

export function repoHome(state: ForgeState, ctx: RequestContext): Reply {
  if (!repoExists(state, ctx)) return notFoundReply(state, ctx);
  return htmlReply(200, repoHomePage(state, ctx, ctx.params.owner!, ctx.params.repo!));
}

export function home(state: ForgeState, ctx: RequestContext): Reply {
  return htmlReply(200, homePage(state, ctx));
}
