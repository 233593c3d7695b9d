// Test control over HTTP, under /-/double/…, for the demo and for tests running in other
// processes: the same operations as the programmatic handle, as JSON. Loopback clients only.
//
//   GET  /-/double/state                      profile, language, users, password rule
//   POST /-/double/seed-issue                 SeedIssue                → {index, id, url}
//   POST /-/double/seed-comment               SeedComment              → {commentId}
//   POST /-/double/set-body                   {post: PostRef, body}    → StoredPost
//   POST /-/double/delete-post                {post: PostRef}          → {}
//   POST /-/double/post                       {post: PostRef}          → StoredPost
//   GET  /-/double/post?kind=issue&index=1    (or kind=comment&commentId=…)
//   POST /-/double/faults                     FaultRule ("pathRegExp" for a RegExp path)
//   POST /-/double/clear-faults
//   POST /-/double/expire-csrf
//   POST /-/double/language                   {language}
//   POST /-/double/theme                      {user, theme}
//   GET  /-/double/requests                   LoggedRequest[]
//   POST /-/double/clear-requests
//   GET  /-/double/session?user=owner         {cookie, token, csrfToken}
//   GET  /-/double/login-as?user=owner&redirect=/owner/repo/issues/1   sets the cookie, 303

import type { ForgeDouble } from './api';
import type { ForgeState } from './context';
import {
  object,
  readFaultRule,
  readLanguage,
  readPostRef,
  readPostRefFromQuery,
  readSeedComment,
  readSeedIssue,
  readTheme,
  readUser,
} from './control-input';
import type { Reply } from './reply';
import { jsonReply, redirectReply, textReply } from './reply';
import { safeLocalPath } from './route-helpers';
import { PASSWORD_SUFFIX, USER_NAMES } from './users';

export const CONTROL_PREFIX = '/-/double/';

export type ControlHandle = ForgeDouble & Required<Pick<ForgeDouble, 'csrfToken' | 'setTheme'>>;

export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function parseJson(body: Buffer): unknown {
  if (body.length === 0) return {};
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new Error('the request body is not valid JSON');
  }
}

export function handleControl(
  double: ControlHandle,
  state: ForgeState,
  request: { method: string; url: URL; body: Buffer; remoteAddress: string | undefined },
): Reply {
  if (!isLoopback(request.remoteAddress)) return textReply(403, 'Test control is available to loopback clients only.');
  const action = request.url.pathname.slice(CONTROL_PREFIX.length);
  const query = request.url.searchParams;
  const key = `${request.method} ${action}`;
  try {
    switch (key) {
      case 'GET state':
        return jsonReply(200, {
          url: double.url,
          profile: double.profile,
          forge: state.profile.forge,
          version: state.profile.version,
          language: state.language,
          users: USER_NAMES,
          passwordSuffix: PASSWORD_SUFFIX,
        });
      case 'POST seed-issue':
        return jsonReply(200, double.seedIssue(readSeedIssue(parseJson(request.body))));
      case 'POST seed-comment':
        return jsonReply(200, double.seedComment(readSeedComment(parseJson(request.body))));
      case 'POST set-body': {
        const o = object(parseJson(request.body), 'the request body');
        if (typeof o.body !== 'string') throw new Error('"body" is required (a string)');
        return jsonReply(200, double.setBody(readPostRef(o.post), o.body));
      }
      case 'POST delete-post':
        double.deletePost(readPostRef(object(parseJson(request.body), 'the request body').post));
        return jsonReply(200, {});
      case 'POST post':
        return jsonReply(200, double.post(readPostRef(object(parseJson(request.body), 'the request body').post)));
      case 'GET post':
        return jsonReply(200, double.post(readPostRefFromQuery(query)));
      case 'POST faults':
        double.inject(readFaultRule(parseJson(request.body)));
        return jsonReply(200, {});
      case 'POST clear-faults':
        double.clearFaults();
        return jsonReply(200, {});
      case 'POST expire-csrf':
        double.expireCsrfTokens();
        return jsonReply(200, {});
      case 'POST language':
        double.setLanguage(readLanguage(object(parseJson(request.body), 'the request body').language));
        return jsonReply(200, {});
      case 'POST theme': {
        const o = object(parseJson(request.body), 'the request body');
        double.setTheme(readUser(o.user), readTheme(o.theme));
        return jsonReply(200, {});
      }
      case 'GET requests':
        return jsonReply(200, double.requests());
      case 'POST clear-requests':
        double.clearRequests();
        return jsonReply(200, {});
      case 'GET session': {
        const user = readUser(query.get('user'));
        return jsonReply(200, { cookie: double.sessionCookie(user), token: double.apiToken(user), csrfToken: double.csrfToken(user) });
      }
      case 'GET login-as': {
        const user = readUser(query.get('user'));
        const session = state.sessions.open(user);
        return redirectReply(safeLocalPath(query.get('redirect')), { 'set-cookie': state.sessions.setCookieHeader(session) });
      }
      default:
        return jsonReply(404, { error: `unknown test-control action "${request.method} ${CONTROL_PREFIX}${action}"` });
    }
  } catch (error) {
    return jsonReply(400, { error: error instanceof Error ? error.message : String(error) });
  }
}
