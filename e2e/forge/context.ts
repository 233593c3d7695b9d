// The state one running double shares across requests, and what a route handler knows about
// the request it is answering.

import type { UserName } from './api';
import type { CsrfTokens } from './csrf';
import type { FaultPlan } from './faults';
import type { RequestFields } from './forms';
import type { Language } from './messages';
import type { Profile } from './profiles';
import type { RequestLog } from './request-log';
import type { Session, SessionStore } from './sessions';
import type { ForgeStore } from './store';

export type ThemeSetting = 'light' | 'dark' | 'auto';

export interface ForgeState {
  readonly profile: Profile;
  readonly store: ForgeStore;
  readonly sessions: SessionStore;
  readonly csrf: CsrfTokens;
  readonly faults: FaultPlan;
  readonly log: RequestLog;
  readonly themes: Map<UserName, ThemeSetting>;
  language: Language;
  /** http://127.0.0.1:PORT once listening. */
  baseUrl: string;
}

export interface RequestContext {
  readonly method: string;
  readonly url: URL;
  /** Lower-cased request headers. */
  readonly headers: Record<string, string>;
  readonly fields: RequestFields;
  /** The web session from the cookie (web routes only). */
  readonly session: Session | null;
  /** The acting user: the session's user on web routes, the token owner on the API. */
  readonly user: UserName | null;
  /** Named path parameters of the matched route. */
  readonly params: Record<string, string>;
}
