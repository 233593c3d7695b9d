// The forge double: a Gitea/Forgejo-shaped HTTP server on 127.0.0.1 for the extension's tests
// and its demo. startForge() returns the programmatic handle declared in api.ts.
//
// Every request goes through the same pipeline: read the body and fields, identify the user
// (session cookie on web routes, token on the API), apply an injected fault if one matches,
// enforce the profile's write protection (CSRF token or cross-origin check) and sign-in, run
// the route, log what was answered, write it.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  FaultRule,
  ForgeDouble,
  LoggedRequest,
  PostRef,
  SeedComment,
  SeedIssue,
  StartOptions,
  StoredPost,
  UserName,
} from './api';
import { serveAsset } from './assets';
import type { ForgeState, RequestContext, ThemeSetting } from './context';
import { CONTROL_PREFIX, type ControlHandle, handleControl } from './control';
import { readTheme, readUser } from './control-input';
import { csrfOwner, CsrfTokens } from './csrf';
import { FaultPlan } from './faults';
import { fieldsForLog, formString, readFields } from './forms';
import { isLanguage, type Language } from './messages';
import { checkCrossOrigin } from './origin-check';
import { loginPage, serverErrorPage } from './pages';
import { profileByName } from './profiles';
import type { Reply } from './reply';
import { htmlReply, jsonReply, redirectReply, textReply } from './reply';
import { headersForLog, RequestLog } from './request-log';
import { notFoundReply } from './route-helpers';
import { matchRoute, type Route } from './routes';
import { seedSamples } from './samples';
import { SessionStore } from './sessions';
import { ForgeStore } from './store';

const MAX_BODY_BYTES = 32 * 1024 * 1024;

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge(`request body larger than ${MAX_BODY_BYTES} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function writeReply(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body);
}

/** The profile's write protection and sign-in, checked before a web route runs. */
function guardWebRoute(state: ForgeState, ctx: RequestContext, route: Route): Reply | null {
  if (route.method === 'POST') {
    if (state.profile.writeProtection === 'origin') {
      const verdict = checkCrossOrigin(ctx.method, {
        secFetchSite: ctx.headers['sec-fetch-site'],
        origin: ctx.headers.origin,
        host: ctx.headers.host,
      });
      if (!verdict.ok) return textReply(403, verdict.reason);
    } else if (!route.csrfExempt) {
      const token = ctx.headers['x-csrf-token'] || formString(ctx.fields, '_csrf');
      if (!state.csrf.isValid(csrfOwner(ctx.user), token)) return textReply(400, 'Invalid CSRF token.');
    }
  }
  if (route.signIn && !ctx.user) {
    return redirectReply(`/user/login?redirect_to=${encodeURIComponent(ctx.url.pathname + ctx.url.search)}`);
  }
  return null;
}

function runRoute(state: ForgeState, ctx: RequestContext, match: ReturnType<typeof matchRoute>): Reply {
  if (match.kind === 'none') return ctx.url.pathname.startsWith('/api/') ? textReply(404, 'Not found.') : notFoundReply(state, ctx);
  if (match.kind === 'wrong-method') return textReply(405, 'Method Not Allowed');
  if (match.route.area === 'web') {
    const refused = guardWebRoute(state, ctx, match.route);
    if (refused) return refused;
  }
  return match.route.handle(state, ctx);
}

function validateOptions(options: StartOptions): void {
  if (options.port !== undefined && (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535)) {
    throw new Error(`startForge: port must be an integer from 0 to 65535, not ${String(options.port)}`);
  }
  if (options.language !== undefined && !isLanguage(options.language)) {
    throw new Error(`startForge: language must be en-US, de-DE or fr-FR, not ${String(options.language)}`);
  }
}

export async function startForge(options: StartOptions = {}): Promise<ForgeDouble> {
  validateOptions(options);
  const profile = profileByName(options.profile ?? 'gitea-1.26');
  const state: ForgeState = {
    profile,
    store: new ForgeStore(),
    sessions: new SessionStore(),
    csrf: new CsrfTokens(),
    faults: new FaultPlan(),
    log: new RequestLog(),
    themes: new Map<UserName, ThemeSetting>(),
    language: options.language ?? 'en-US',
    baseUrl: '',
  };

  let handle: ControlHandle | null = null;

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    // Concatenate rather than resolve, so a path such as "//host/x" stays a path.
    const rawPath = req.url ?? '/';
    const url = new URL(rawPath.startsWith('/') ? state.baseUrl + rawPath : `${state.baseUrl}/${rawPath}`);
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (error) {
      if (!res.headersSent && !req.socket.destroyed) writeReply(res, textReply(413, error instanceof Error ? error.message : String(error)));
      return;
    }

    if (url.pathname.startsWith(CONTROL_PREFIX)) {
      writeReply(res, handleControl(handle!, state, { method, url, body, remoteAddress: req.socket.remoteAddress }));
      return;
    }

    const headers = headersForLog(req.headers);
    const isAsset = url.pathname.startsWith('/assets/');
    const match = isAsset ? null : matchRoute(method, url.pathname);
    const routeName = isAsset ? 'asset' : match!.kind === 'route' ? match!.route.name : match!.kind === 'wrong-method' ? match!.name : 'not-found';
    const fields = await readFields(headers['content-type'], body, url.searchParams);

    const area = match?.kind === 'route' ? match.route.area : url.pathname.startsWith('/api/') ? 'api' : 'web';
    let user: UserName | null = null;
    let session = null;
    let reply: Reply | 'drop' | null = null;
    if (area === 'api') {
      const tokenUser = state.sessions.fromAuthorization(headers.authorization);
      if (tokenUser === 'invalid') reply = jsonReply(401, { message: 'invalid username, password or token', url: `${state.baseUrl}/api/swagger` });
      else user = tokenUser;
    } else {
      session = state.sessions.fromCookieHeader(headers.cookie);
      user = session?.user ?? null;
    }
    const ctx: RequestContext = {
      method,
      url,
      headers,
      fields,
      session,
      user,
      params: match?.kind === 'route' ? match.params : {},
    };

    const fault = isAsset ? null : state.faults.take(method, url.pathname + url.search, routeName);
    if (fault?.kind === 'delay') await sleep(fault.ms);

    if (reply === null) {
      if (fault?.kind === 'error-before-write') {
        reply = htmlReply(fault.status ?? 500, serverErrorPage(state, ctx, fault.status ?? 500));
      } else if (fault?.kind === 'html-instead-of-json') {
        // What a proxy's sign-in wall or an expired session looks like to a fetch(): a 200 page.
        reply = htmlReply(200, loginPage(state, ctx, { redirectTo: url.pathname, error: null }));
      } else {
        try {
          reply = isAsset ? serveAsset(profile, url.pathname) : runRoute(state, ctx, match!);
        } catch (error) {
          console.error('forge double: route failed', error);
          reply = textReply(500, 'Internal Server Error');
        }
        if (fault?.kind === 'error-after-write') reply = htmlReply(fault.status ?? 500, serverErrorPage(state, ctx, fault.status ?? 500));
        if (fault?.kind === 'drop-after-write') reply = 'drop';
      }
    }

    const entry: LoggedRequest = {
      method,
      path: url.pathname + url.search,
      route: routeName,
      fields: fieldsForLog(fields),
      headers,
      status: reply === 'drop' ? 0 : reply.status,
      user,
    };
    state.log.record(entry);

    if (reply === 'drop') {
      req.socket.destroy();
      return;
    }
    writeReply(res, reply);
  }

  const server = createServer((req, res) => {
    handleRequest(req, res).catch((error: unknown) => {
      console.error('forge double: request failed', error);
      if (!res.headersSent) writeReply(res, textReply(500, 'Internal Server Error'));
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}`;

  const { store } = state;
  const double: ControlHandle = {
    url: state.baseUrl,
    profile: profile.name,
    sessionCookie(user: UserName): string {
      return state.sessions.cookieValue(state.sessions.standingSession(readUser(user)));
    },
    apiToken(user: UserName): string {
      return state.sessions.apiToken(readUser(user));
    },
    seedIssue(seed: SeedIssue) {
      const issue = store.createIssue(seed);
      return {
        index: issue.index,
        id: issue.id,
        url: `${state.baseUrl}/${issue.owner}/${issue.repo}/${issue.isPull ? 'pulls' : 'issues'}/${issue.index}`,
      };
    },
    seedComment(seed: SeedComment) {
      return { commentId: store.createComment(seed).id };
    },
    setBody(post: PostRef, body: string): StoredPost {
      if (typeof body !== 'string') throw new Error('setBody: body must be a string');
      const record = store.resolve(post);
      if (store.isGone(record)) throw new Error('setBody: the post has been deleted');
      store.writeBody(record, body);
      return store.snapshot(record);
    },
    deletePost(post: PostRef): void {
      store.markDeleted(store.resolve(post));
    },
    post(post: PostRef): StoredPost {
      return store.snapshot(store.resolve(post));
    },
    inject(rule: FaultRule): void {
      state.faults.add(rule);
    },
    clearFaults(): void {
      state.faults.clear();
    },
    expireCsrfTokens(): void {
      state.csrf.expireAll();
    },
    setLanguage(language: Language): void {
      if (!isLanguage(language)) throw new Error(`setLanguage: expected en-US, de-DE or fr-FR, not ${String(language)}`);
      state.language = language;
    },
    requests(): LoggedRequest[] {
      return state.log.all();
    },
    clearRequests(): void {
      state.log.clear();
    },
    csrfToken(user: UserName): string | null {
      return profile.writeProtection === 'token' ? state.csrf.tokenFor(csrfOwner(readUser(user))) : null;
    },
    setTheme(user: UserName, theme: ThemeSetting): void {
      state.themes.set(readUser(user), readTheme(theme));
    },
    close(): Promise<void> {
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
  handle = double;

  if (options.seedSamples) seedSamples(double);
  return double;
}
