// Web sessions (the session cookie) and REST API tokens. The web routes know the user only from
// the cookie; the REST API only from a token. Neither accepts the other's credential.

import { randomBytes } from 'node:crypto';
import type { UserName } from './api';
import { SESSION_COOKIE_NAME } from './profiles';
import { USER_NAMES } from './users';

export interface Session {
  readonly id: string;
  readonly user: UserName;
}

function randomId(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly standing = new Map<UserName, Session>();
  private readonly tokens = new Map<string, UserName>();
  private readonly tokenOf = new Map<UserName, string>();

  constructor() {
    for (const user of USER_NAMES) {
      const token = randomId(20); // the forges issue 40-hex-digit access tokens
      this.tokens.set(token, user);
      this.tokenOf.set(user, token);
    }
  }

  /** A new signed-in session, as a login creates. */
  open(user: UserName): Session {
    const session: Session = { id: randomId(8), user };
    this.sessions.set(session.id, session);
    return session;
  }

  /** One long-lived session per user, handed to tests so that repeated calls agree. */
  standingSession(user: UserName): Session {
    let session = this.standing.get(user);
    if (!session) {
      session = this.open(user);
      this.standing.set(user, session);
    }
    return session;
  }

  close(id: string): void {
    this.sessions.delete(id);
    for (const [user, session] of this.standing) {
      if (session.id === id) this.standing.delete(user);
    }
  }

  /** The session named by the request's Cookie header, if any. */
  fromCookieHeader(cookieHeader: string | undefined): Session | null {
    const id = readCookie(cookieHeader, SESSION_COOKIE_NAME);
    return id ? (this.sessions.get(id) ?? null) : null;
  }

  cookieValue(session: Session): string {
    return `${SESSION_COOKIE_NAME}=${session.id}`;
  }

  setCookieHeader(session: Session): string {
    return `${SESSION_COOKIE_NAME}=${session.id}; Path=/; HttpOnly; SameSite=Lax`;
  }

  clearCookieHeader(): string {
    return `${SESSION_COOKIE_NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
  }

  apiToken(user: UserName): string {
    const token = this.tokenOf.get(user);
    if (!token) throw new Error(`no API token for user "${user}"`);
    return token;
  }

  /** The token owner from `Authorization: token …` (or `Bearer …`); null when absent or unknown. */
  fromAuthorization(header: string | undefined): UserName | null | 'invalid' {
    if (!header) return null;
    const match = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) return 'invalid';
    return this.tokens.get(match[1]) ?? 'invalid';
  }
}

export function readCookie(cookieHeader: string | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
