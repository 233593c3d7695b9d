// The route table: which handler answers which method and path, under which name the request
// log records it, and which guards apply (sign-in for web writes; the CSRF token or the
// cross-origin check for every web POST is decided in server.ts).

import * as api from './api-routes';
import type { ForgeState, RequestContext } from './context';
import { doLogin, doLogout, showLogin } from './login';
import type { Reply } from './reply';
import * as reads from './web-reads';
import * as writes from './web-writes';

export interface Route {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PATCH';
  readonly pattern: RegExp;
  readonly area: 'web' | 'api';
  /** Web route that needs a signed-in user (others are public, the repositories being public). */
  readonly signIn?: boolean;
  /** Web POST exempt from the CSRF token (the sign-in form, as on the forges). */
  readonly csrfExempt?: boolean;
  readonly handle: (state: ForgeState, ctx: RequestContext) => Reply;
}

const O = '(?<owner>[A-Za-z0-9_.-]+)';
const R = '(?<repo>[A-Za-z0-9_.-]+)';
const N = '(?<index>\\d+)';
const ID = '(?<id>\\d+)';
const TYPE = '(?<type>issues|pulls)';

function path(source: string): RegExp {
  return new RegExp(`^${source}/?$`);
}

export const ROUTES: readonly Route[] = [
  { name: 'home', method: 'GET', pattern: path(''), area: 'web', handle: reads.home },
  { name: 'explore', method: 'GET', pattern: path('/explore/repos'), area: 'web', handle: reads.home },
  { name: 'login-page', method: 'GET', pattern: path('/user/login'), area: 'web', handle: showLogin },
  { name: 'login', method: 'POST', pattern: path('/user/login'), area: 'web', csrfExempt: true, handle: doLogin },
  { name: 'logout', method: 'POST', pattern: path('/user/logout'), area: 'web', handle: doLogout },
  { name: 'attachment-download', method: 'GET', pattern: path('/attachments/(?<uuid>[0-9a-fA-F-]+)'), area: 'web', handle: reads.attachmentDownload },

  { name: 'api-version', method: 'GET', pattern: path('/api/v1/version'), area: 'api', handle: api.apiVersion },
  { name: 'api-user', method: 'GET', pattern: path('/api/v1/user'), area: 'api', handle: api.apiCurrentUser },
  { name: 'api-repo-create', method: 'POST', pattern: path('/api/v1/user/repos'), area: 'api', handle: api.apiCreateRepo },
  { name: 'api-issue-create', method: 'POST', pattern: path(`/api/v1/repos/${O}/${R}/issues`), area: 'api', handle: api.apiCreateIssue },
  { name: 'api-comment-get', method: 'GET', pattern: path(`/api/v1/repos/${O}/${R}/issues/comments/${ID}`), area: 'api', handle: api.apiGetComment },
  { name: 'api-comment-patch', method: 'PATCH', pattern: path(`/api/v1/repos/${O}/${R}/issues/comments/${ID}`), area: 'api', handle: api.apiPatchComment },
  { name: 'api-comment-asset', method: 'POST', pattern: path(`/api/v1/repos/${O}/${R}/issues/comments/${ID}/assets`), area: 'api', handle: api.apiCommentAsset },
  { name: 'api-issue-get', method: 'GET', pattern: path(`/api/v1/repos/${O}/${R}/issues/${N}`), area: 'api', handle: api.apiGetIssue },
  { name: 'api-issue-patch', method: 'PATCH', pattern: path(`/api/v1/repos/${O}/${R}/issues/${N}`), area: 'api', handle: api.apiPatchIssue },
  { name: 'api-comment-list', method: 'GET', pattern: path(`/api/v1/repos/${O}/${R}/issues/${N}/comments`), area: 'api', handle: api.apiListComments },
  { name: 'api-comment-create', method: 'POST', pattern: path(`/api/v1/repos/${O}/${R}/issues/${N}/comments`), area: 'api', handle: api.apiCreateComment },
  { name: 'api-issue-asset', method: 'POST', pattern: path(`/api/v1/repos/${O}/${R}/issues/${N}/assets`), area: 'api', handle: api.apiIssueAsset },
  { name: 'api-pull-get', method: 'GET', pattern: path(`/api/v1/repos/${O}/${R}/pulls/${N}`), area: 'api', handle: api.apiGetPull },
  { name: 'api-pull-patch', method: 'PATCH', pattern: path(`/api/v1/repos/${O}/${R}/pulls/${N}`), area: 'api', handle: api.apiPatchPull },

  { name: 'repo-home', method: 'GET', pattern: path(`/${O}/${R}`), area: 'web', handle: reads.repoHome },
  { name: 'issue-list', method: 'GET', pattern: path(`/${O}/${R}/${TYPE}`), area: 'web', handle: reads.issueList },
  { name: 'issue-page', method: 'GET', pattern: path(`/${O}/${R}/(?<type>issues)/${N}`), area: 'web', handle: reads.conversationPage },
  { name: 'pull-page', method: 'GET', pattern: path(`/${O}/${R}/(?<type>pulls)/${N}`), area: 'web', handle: reads.conversationPage },
  { name: 'pull-files', method: 'GET', pattern: path(`/${O}/${R}/pulls/${N}/files`), area: 'web', handle: reads.pullFiles },
  { name: 'issue-info', method: 'GET', pattern: path(`/${O}/${R}/${TYPE}/${N}/info`), area: 'web', handle: reads.issueInfo },
  { name: 'issue-content', method: 'POST', pattern: path(`/${O}/${R}/${TYPE}/${N}/content`), area: 'web', signIn: true, handle: writes.updateIssueContent },
  { name: 'issue-attachments', method: 'GET', pattern: path(`/${O}/${R}/${TYPE}/${N}/attachments`), area: 'web', handle: reads.issueAttachments },
  { name: 'comment-create', method: 'POST', pattern: path(`/${O}/${R}/${TYPE}/${N}/comments`), area: 'web', signIn: true, handle: writes.createCommentFromForm },
  { name: 'comment-update', method: 'POST', pattern: path(`/${O}/${R}/comments/${ID}`), area: 'web', signIn: true, handle: writes.updateCommentContent },
  { name: 'comment-attachments', method: 'GET', pattern: path(`/${O}/${R}/comments/${ID}/attachments`), area: 'web', handle: reads.commentAttachments },
];

export type RouteMatch =
  | { kind: 'route'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; name: string }
  | { kind: 'none' };

export function matchRoute(method: string, pathname: string): RouteMatch {
  const effective = method === 'HEAD' ? 'GET' : method;
  let wrongMethod: string | null = null;
  for (const route of ROUTES) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    if (route.method !== effective) {
      wrongMethod ??= route.name;
      continue;
    }
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(match.groups ?? {})) if (value !== undefined) params[key] = decodeURIComponent(value);
    return { kind: 'route', route, params };
  }
  return wrongMethod ? { kind: 'wrong-method', name: wrongMethod } : { kind: 'none' };
}
