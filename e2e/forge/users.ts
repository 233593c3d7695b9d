// The double's four accounts and what each may do in every repository it serves. Repositories
// are public, so anyone (signed in or not) can read them; writing a post needs write access or
// authorship, as on the forges (`ctx.Doer.ID != poster && !CanWriteIssuesOrPulls` → 403).

import type { UserName } from './api';

export const USER_NAMES: readonly UserName[] = ['owner', 'writer', 'reader', 'outsider'];

/** Web sign-in password of each account: the user name followed by this suffix ("owner-pass"). */
export const PASSWORD_SUFFIX = '-pass';

export type AccessMode = 'admin' | 'write' | 'read' | 'none';

interface Account {
  readonly id: number;
  readonly name: UserName;
  readonly fullName: string;
  readonly access: AccessMode; // explicit access to every repository of the double
  readonly siteAdmin: boolean;
}

const ACCOUNTS: Readonly<Record<UserName, Account>> = {
  owner: { id: 1, name: 'owner', fullName: 'Olivia Owner', access: 'admin', siteAdmin: true },
  writer: { id: 2, name: 'writer', fullName: 'Walter Writer', access: 'write', siteAdmin: false },
  reader: { id: 3, name: 'reader', fullName: 'Rita Reader', access: 'read', siteAdmin: false },
  outsider: { id: 4, name: 'outsider', fullName: 'Oscar Outsider', access: 'none', siteAdmin: false },
};

export function isUserName(value: unknown): value is UserName {
  return typeof value === 'string' && (USER_NAMES as readonly string[]).includes(value);
}

export function account(user: UserName): Account {
  return ACCOUNTS[user];
}

export function passwordOf(user: UserName): string {
  return user + PASSWORD_SUFFIX;
}

/** Write access to issues and pull requests (repo admin or collaborator with write). */
export function canWriteIssues(user: UserName | null): boolean {
  if (!user) return false;
  const access = ACCOUNTS[user].access;
  return access === 'admin' || access === 'write';
}

/**
 * May `viewer` change the body of a post written by `poster`? Admins and writers may edit any
 * post; anyone else only their own (a public repository grants everyone read access).
 */
export function canEditPost(viewer: UserName | null, poster: UserName): boolean {
  if (!viewer) return false;
  return canWriteIssues(viewer) || viewer === poster;
}

/** The role label the forge shows next to a poster's name. */
export function roleLabel(user: UserName): string | null {
  const access = ACCOUNTS[user].access;
  if (access === 'admin') return 'Owner';
  if (access === 'write') return 'Collaborator';
  return null;
}
