// CSRF tokens of the old write-protection scheme (Gitea ≤1.25, Forgejo ≤v13). A token belongs to
// a user, stays valid until it expires, and a page rendered after expiry carries a fresh one.
// Tests expire every token at once to see how a client recovers.

import { randomBytes } from 'node:crypto';

interface IssuedToken {
  readonly owner: string;
  readonly epoch: number;
}

export class CsrfTokens {
  private epoch = 0;
  private readonly issued = new Map<string, IssuedToken>();
  private readonly current = new Map<string, string>();

  /** The token to put into a page for `owner` (a user name): the current one, or a new one. */
  tokenFor(owner: string): string {
    const existing = this.current.get(owner);
    if (existing && this.issued.get(existing)?.epoch === this.epoch) return existing;
    const token = randomBytes(24).toString('base64url');
    this.issued.set(token, { owner, epoch: this.epoch });
    this.current.set(owner, token);
    return token;
  }

  isValid(owner: string, token: string | undefined): boolean {
    if (!token) return false;
    const issued = this.issued.get(token);
    return issued !== undefined && issued.owner === owner && issued.epoch === this.epoch;
  }

  /** Every token issued so far stops working; the next page view mints a new one. */
  expireAll(): void {
    this.epoch += 1;
  }
}

/** The identity a token is bound to: the signed-in user, or one shared anonymous identity. */
export function csrfOwner(user: string | null): string {
  return user ?? '(anonymous)';
}
