// The REST API (/api/v1), token-authenticated only: the session cookie is ignored, so a
// browser session reads public data anonymously and cannot write. It is not the extension's
// write path; it exists so seeding and checks can drive the double and a real forge alike.
//
// Version rules: only Gitea ≥1.26 carries content_version in issue JSON and checks it on
// PATCH (409 when stale, nothing changed; without the field nothing is checked). Comments carry
// no version anywhere. Uploading an attachment bumps the post's version without changing text.

import type { ForgeState, RequestContext } from './context';
import { attachmentJson, commentJson, issueJson, userJson } from './convert';
import type { Reply } from './reply';
import { emptyReply, jsonReply } from './reply';
import { pathNumber } from './route-helpers';
import type { IssueRecord, PostRecord } from './store';
import { canEditPost } from './users';

function apiError(state: ForgeState, status: number, message: string): Reply {
  return jsonReply(status, { message, url: `${state.baseUrl}/api/swagger` });
}

function notFound(state: ForgeState): Reply {
  return jsonReply(404, { errors: [], message: 'The target could not be found.', url: `${state.baseUrl}/api/swagger` });
}

function requireToken(state: ForgeState, ctx: RequestContext): Reply | null {
  return ctx.user ? null : apiError(state, 401, 'token is required');
}

function jsonBody(ctx: RequestContext): Record<string, unknown> | null {
  const json = ctx.fields.json;
  return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
}

function apiIssue(state: ForgeState, ctx: RequestContext, wantPull: boolean | null): IssueRecord | null {
  const index = pathNumber(ctx, 'index');
  if (index === null) return null;
  const issue = state.store.issueByIndex(ctx.params.owner ?? '', ctx.params.repo ?? '', index);
  if (!issue || state.store.isGone(issue)) return null;
  if (wantPull !== null && issue.isPull !== wantPull) return null;
  return issue;
}

function issueAnswer(state: ForgeState, issue: IssueRecord, status: number): Reply {
  return jsonReply(status, issueJson(state.profile, state.baseUrl, issue, state.store.commentsOf(issue.id).length, {
    withVersion: state.profile.apiContentVersion,
  }));
}

function pullAnswer(state: ForgeState, issue: IssueRecord, status: number): Reply {
  const base = `/${issue.owner}/${issue.repo}`;
  const answer: Record<string, unknown> = {
    id: issue.id,
    url: `${state.baseUrl}${base}/pulls/${issue.index}`,
    number: issue.index,
    user: userJson(state.baseUrl, issue.poster),
    title: issue.title,
    body: issue.body,
    state: 'open',
    draft: false,
    is_locked: false,
    comments: state.store.commentsOf(issue.id).length,
    html_url: `${state.baseUrl}${base}/pulls/${issue.index}`,
    diff_url: `${state.baseUrl}${base}/pulls/${issue.index}.diff`,
    patch_url: `${state.baseUrl}${base}/pulls/${issue.index}.patch`,
    mergeable: true,
    merged: false,
    base: { label: 'main', ref: 'main' },
    head: { label: 'feature', ref: 'feature' },
    created_at: issue.createdAt.toISOString(),
    updated_at: issue.updatedAt.toISOString(),
  };
  if (state.profile.apiContentVersion) answer.content_version = issue.version;
  return jsonReply(status, answer);
}

export function apiVersion(state: ForgeState): Reply {
  return jsonReply(200, { version: state.profile.version });
}

export function apiCurrentUser(state: ForgeState, ctx: RequestContext): Reply {
  return requireToken(state, ctx) ?? jsonReply(200, userJson(state.baseUrl, ctx.user!));
}

/** POST /api/v1/user/repos {name}: a repository owned by the token's user. */
export function apiCreateRepo(state: ForgeState, ctx: RequestContext): Reply {
  const denied = requireToken(state, ctx);
  if (denied) return denied;
  const name = jsonBody(ctx)?.name;
  if (typeof name !== 'string' || name === '') return apiError(state, 422, 'name is required');
  if (state.store.repo(ctx.user!, name)) return apiError(state, 409, 'The repository with the same name already exists.');
  try {
    const repo = state.store.ensureRepo(ctx.user!, name);
    return jsonReply(201, { id: repo.id, name: repo.name, full_name: `${repo.owner}/${repo.name}`, owner: userJson(state.baseUrl, ctx.user!), private: false });
  } catch (error) {
    return apiError(state, 422, error instanceof Error ? error.message : String(error));
  }
}

export function apiGetIssue(state: ForgeState, ctx: RequestContext): Reply {
  const issue = apiIssue(state, ctx, null);
  return issue ? issueAnswer(state, issue, 200) : notFound(state);
}

export function apiGetPull(state: ForgeState, ctx: RequestContext): Reply {
  const issue = apiIssue(state, ctx, true);
  return issue ? pullAnswer(state, issue, 200) : notFound(state);
}

function patchIssueOrPull(state: ForgeState, ctx: RequestContext, wantPull: boolean | null): Reply {
  const denied = requireToken(state, ctx);
  if (denied) return denied;
  const issue = apiIssue(state, ctx, wantPull);
  if (!issue) return notFound(state);
  const body = jsonBody(ctx);
  if (!body) return apiError(state, 422, 'a JSON object body is required');
  if (!canEditPost(ctx.user, issue.poster)) return apiError(state, 403, 'user is not allowed to edit this issue');
  if (body.body !== undefined && typeof body.body !== 'string') return apiError(state, 422, 'body must be a string');
  if (body.title !== undefined && (typeof body.title !== 'string' || body.title.trim() === '')) return apiError(state, 422, 'title must be a non-empty string');

  const sentVersion = body.content_version;
  if (state.profile.apiContentVersion && sentVersion !== undefined && sentVersion !== null) {
    if (typeof sentVersion !== 'number' || !Number.isInteger(sentVersion)) return apiError(state, 422, 'content_version must be an integer');
    if (sentVersion !== issue.version) {
      return apiError(state, 409, `the ${issue.isPull ? 'pull request' : 'issue'} was changed by someone else (content_version ${issue.version}, not ${sentVersion})`);
    }
  }
  if (typeof body.title === 'string') issue.title = body.title;
  if (typeof body.body === 'string') state.store.writeBody(issue, body.body);
  return wantPull ? pullAnswer(state, issue, 201) : issueAnswer(state, issue, 201);
}

export function apiPatchIssue(state: ForgeState, ctx: RequestContext): Reply {
  return patchIssueOrPull(state, ctx, null);
}

export function apiPatchPull(state: ForgeState, ctx: RequestContext): Reply {
  return patchIssueOrPull(state, ctx, true);
}

/** POST /api/v1/repos/{o}/{r}/issues {title, body}. */
export function apiCreateIssue(state: ForgeState, ctx: RequestContext): Reply {
  const denied = requireToken(state, ctx);
  if (denied) return denied;
  if (!state.store.repo(ctx.params.owner ?? '', ctx.params.repo ?? '')) return notFound(state);
  const body = jsonBody(ctx);
  const title = body?.title;
  if (typeof title !== 'string' || title.trim() === '') return apiError(state, 422, 'title is required');
  if (body?.body !== undefined && typeof body.body !== 'string') return apiError(state, 422, 'body must be a string');
  const issue = state.store.createIssue({
    owner: ctx.params.owner,
    repo: ctx.params.repo,
    title,
    body: typeof body?.body === 'string' ? body.body : '',
    poster: ctx.user!,
  });
  return issueAnswer(state, issue, 201);
}

export function apiListComments(state: ForgeState, ctx: RequestContext): Reply {
  const issue = apiIssue(state, ctx, null);
  if (!issue) return notFound(state);
  const comments = state.store.commentsOf(issue.id).filter((c) => c.type === 'comment');
  return jsonReply(200, comments.map((c) => commentJson(state.baseUrl, issue, c)));
}

/** POST /api/v1/repos/{o}/{r}/issues/{n}/comments {body}. */
export function apiCreateComment(state: ForgeState, ctx: RequestContext): Reply {
  const denied = requireToken(state, ctx);
  if (denied) return denied;
  const issue = apiIssue(state, ctx, null);
  if (!issue) return notFound(state);
  const text = jsonBody(ctx)?.body;
  if (typeof text !== 'string' || text === '') return apiError(state, 422, 'body is required');
  const comment = state.store.createComment({ owner: issue.owner, repo: issue.repo, index: issue.index, body: text, poster: ctx.user! });
  return jsonReply(201, commentJson(state.baseUrl, issue, comment));
}

function apiComment(state: ForgeState, ctx: RequestContext) {
  const id = pathNumber(ctx, 'id');
  const comment = id === null ? undefined : state.store.comment(id);
  if (!comment || state.store.isGone(comment)) return null;
  const issue = state.store.issueById(comment.issueId);
  if (!issue || `${issue.owner}/${issue.repo}`.toLowerCase() !== `${ctx.params.owner}/${ctx.params.repo}`.toLowerCase()) return null;
  return { comment, issue };
}

export function apiGetComment(state: ForgeState, ctx: RequestContext): Reply {
  const found = apiComment(state, ctx);
  return found ? jsonReply(200, commentJson(state.baseUrl, found.issue, found.comment)) : notFound(state);
}

/** PATCH …/issues/comments/{id} {body}: no version check on any forge. */
export function apiPatchComment(state: ForgeState, ctx: RequestContext): Reply {
  const denied = requireToken(state, ctx);
  if (denied) return denied;
  const found = apiComment(state, ctx);
  if (!found) return notFound(state);
  const text = jsonBody(ctx)?.body;
  if (typeof text !== 'string') return apiError(state, 422, 'body is required');
  if (!canEditPost(ctx.user, found.comment.poster)) return apiError(state, 403, 'user is not allowed to edit this comment');
  if (found.comment.type === 'event') return emptyReply(204);
  state.store.writeBody(found.comment, text);
  return jsonReply(200, commentJson(state.baseUrl, found.issue, found.comment));
}

function uploadTo(state: ForgeState, ctx: RequestContext, target: PostRecord): Reply {
  if (!canEditPost(ctx.user, target.poster)) return apiError(state, 403, 'user is not allowed to add attachments here');
  const file = ctx.fields.files.find((f) => f.field === 'attachment');
  if (!file) return apiError(state, 422, 'multipart field "attachment" with a file is required');
  const name = ctx.url.searchParams.get('name') || file.name || 'attachment';
  const attachment = state.store.addAttachment(target, name, file.data);
  // Attaching a file updates the post, which bumps its content_version though the text is the same.
  state.store.touch(target);
  return jsonReply(201, attachmentJson(state.baseUrl, attachment));
}

/** POST …/issues/{n}/assets (multipart, field "attachment"). */
export function apiIssueAsset(state: ForgeState, ctx: RequestContext): Reply {
  const denied = requireToken(state, ctx);
  if (denied) return denied;
  const issue = apiIssue(state, ctx, null);
  return issue ? uploadTo(state, ctx, issue) : notFound(state);
}

/** POST …/issues/comments/{id}/assets. */
export function apiCommentAsset(state: ForgeState, ctx: RequestContext): Reply {
  const denied = requireToken(state, ctx);
  if (denied) return denied;
  const found = apiComment(state, ctx);
  return found ? uploadTo(state, ctx, found.comment) : notFound(state);
}
