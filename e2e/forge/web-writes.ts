// The web write routes, the ones the forge's own page scripts (and the extension) use:
//   POST {repoLink}/issues/{index}/content   the description of an issue or pull request
//   POST {repoLink}/comments/{commentId}     a comment, including review comments
// plus the plain comment form. Session, CSRF token / cross-origin check and sign-in are
// enforced before these run (server.ts). Their observable rules, per profile:
//
// * `content` missing reads as "" and empties the body; `content_version` missing or not a
//   number reads as 0.
// * Lock profiles compare-and-swap on content_version and refuse with a 400 JSON
//   {errorMessage, renderFormat: "html"} in the user's language; no-lock profiles write last.
// * Comments on Gitea ≥1.24 refuse a stale version even when the text is unchanged, and an
//   unchanged text writes nothing. Elsewhere an unchanged text still bumps the version.
// * Unless `ignore_attachments` is true, every attachment not listed in `files[]` is deleted.

import type { ForgeState, RequestContext } from './context';
import { formBool, formInt, formString, formStrings } from './forms';
import { conflictMessage, noContentHtml } from './messages';
import { attachmentsHtml, issuePagePath, repoLinkOf } from './post-markup';
import { renderBody } from './render';
import type { Reply } from './reply';
import { emptyReply, jsonReply, redirectReply } from './reply';
import { issueFromPath, notFoundReply, pathNumber, statusReply } from './route-helpers';
import type { PostRecord } from './store';
import { canEditPost } from './users';

function conflictReply(state: ForgeState, subject: 'issue' | 'pull' | 'comment'): Reply {
  return jsonReply(400, { errorMessage: conflictMessage(state.language, subject), renderFormat: 'html' });
}

function applyAttachmentRule(state: ForgeState, ctx: RequestContext, post: PostRecord): void {
  // Checkbox toggles send ignore_attachments=true; a save without it is taken to list every
  // attachment the post keeps.
  if (!formBool(ctx.fields, 'ignore_attachments')) {
    state.store.deleteAttachmentsExcept(post, formStrings(ctx.fields, 'files[]'));
  }
}

function successReply(state: ForgeState, post: PostRecord, content: string): Reply {
  const answer: Record<string, unknown> = { content };
  if (state.profile.lock) answer.contentVersion = post.version;
  answer.attachments = attachmentsHtml(post.attachments);
  return jsonReply(200, answer);
}

export function updateIssueContent(state: ForgeState, ctx: RequestContext): Reply {
  const issue = issueFromPath(state, ctx);
  if (!issue) return notFoundReply(state, ctx);
  if (!canEditPost(ctx.user, issue.poster)) return statusReply(403);

  const content = formString(ctx.fields, 'content');
  if (state.profile.lock) {
    const outcome = state.store.writeBody(issue, content, formInt(ctx.fields, 'content_version'));
    if (!outcome.ok) return conflictReply(state, issue.isPull ? 'pull' : 'issue');
  } else {
    state.store.writeBody(issue, content);
  }
  applyAttachmentRule(state, ctx, issue);

  const rendered = renderBody(issue.body).html;
  const empty = rendered.trim() === '';
  return successReply(state, issue, empty && state.profile.emptyDescriptionAnswerIsNoContent ? noContentHtml(state.language) : rendered);
}

export function updateCommentContent(state: ForgeState, ctx: RequestContext): Reply {
  const id = pathNumber(ctx, 'id');
  const comment = id === null ? undefined : state.store.comment(id);
  if (!comment || state.store.isGone(comment)) return notFoundReply(state, ctx);
  const issue = state.store.issueById(comment.issueId);
  if (!issue || repoLinkOf(issue).toLowerCase() !== `/${ctx.params.owner}/${ctx.params.repo}`.toLowerCase()) {
    return notFoundReply(state, ctx);
  }
  if (!canEditPost(ctx.user, comment.poster)) return statusReply(403);
  if (comment.type === 'event') return emptyReply(204);

  const content = formString(ctx.fields, 'content');
  const sent = formInt(ctx.fields, 'content_version');
  const { profile } = state;
  if (!profile.lock) {
    state.store.writeBody(comment, content);
  } else if (profile.commentPrecheck) {
    if (comment.version !== sent) return conflictReply(state, 'comment');
    if (content !== comment.body && !state.store.writeBody(comment, content, sent).ok) return conflictReply(state, 'comment');
  } else if (!state.store.writeBody(comment, content, sent).ok) {
    return conflictReply(state, 'comment');
  }
  applyAttachmentRule(state, ctx, comment);

  // Comment answers have shown the placeholder for an empty body on every version checked.
  const rendered = renderBody(comment.body).html;
  return successReply(state, comment, rendered.trim() === '' ? noContentHtml(state.language) : rendered);
}

/** The comment form at the bottom of the page (a plain form post). */
export function createCommentFromForm(state: ForgeState, ctx: RequestContext): Reply {
  const issue = issueFromPath(state, ctx);
  if (!issue) return notFoundReply(state, ctx);
  const content = formString(ctx.fields, 'content');
  if (content.trim() === '' || !ctx.user) return redirectReply(issuePagePath(issue));
  const comment = state.store.createComment({ owner: issue.owner, repo: issue.repo, index: issue.index, body: content, poster: ctx.user });
  return redirectReply(`${issuePagePath(issue)}#issuecomment-${comment.id}`);
}
