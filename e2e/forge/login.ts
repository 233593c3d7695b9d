// Web sign-in and sign-out. The password of each account is its name plus PASSWORD_SUFFIX
// ("owner-pass"); a successful sign-in sets the session cookie and goes back where it came from.

import type { ForgeState, RequestContext } from './context';
import { formString } from './forms';
import { loginPage } from './pages';
import type { Reply } from './reply';
import { htmlReply, redirectReply } from './reply';
import { safeLocalPath } from './route-helpers';
import { isUserName, passwordOf } from './users';

export function showLogin(state: ForgeState, ctx: RequestContext): Reply {
  const redirectTo = safeLocalPath(ctx.url.searchParams.get('redirect_to'));
  if (ctx.user) return redirectReply(redirectTo);
  return htmlReply(200, loginPage(state, ctx, { redirectTo, error: null }));
}

export function doLogin(state: ForgeState, ctx: RequestContext): Reply {
  const name = formString(ctx.fields, 'user_name').trim();
  const password = formString(ctx.fields, 'password');
  const redirectTo = safeLocalPath(formString(ctx.fields, 'redirect_to') || ctx.url.searchParams.get('redirect_to'));
  if (!isUserName(name) || password !== passwordOf(name)) {
    return htmlReply(200, loginPage(state, ctx, { redirectTo, error: 'Username or password is incorrect.' }));
  }
  const session = state.sessions.open(name);
  return redirectReply(redirectTo, { 'set-cookie': state.sessions.setCookieHeader(session) });
}

export function doLogout(state: ForgeState, ctx: RequestContext): Reply {
  if (ctx.session) state.sessions.close(ctx.session.id);
  return redirectReply('/', { 'set-cookie': state.sessions.clearCookieHeader() });
}
