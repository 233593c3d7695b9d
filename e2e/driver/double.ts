// The driver over the forge double, started in the spec's own process.
import type { BrowserContext } from '@playwright/test';
import type { PostRef as DoublePostRef, ProfileName } from '../forge/api';
import { PROFILES } from '../forge/profiles';
import { startForge } from '../forge/server';
import type { Capability, ForgeDriver, LoggedWrite, PostRef, Role } from './types';

const WRITE_ROUTES = new Set(['issue-content', 'comment-update']);

function asDoubleRef(post: PostRef): DoublePostRef {
  return post.kind === 'issue' ? { kind: 'issue', index: post.index } : { kind: 'comment', commentId: post.commentId };
}

export async function openDoubleDriver(profile: ProfileName): Promise<ForgeDriver> {
  const forge = await startForge({ profile });
  const accounts: Record<Role, 'owner' | 'reader'> = { editor: 'owner', reader: 'reader' };
  return {
    label: `double:${profile}`,
    origin: forge.url,
    can: (_capability: Capability) => true,
    hasLock: async () => PROFILES[profile].lock,
    async createIssue(body, options = {}) {
      const seeded = forge.seedIssue({ body, isPull: options.pull ?? false, title: options.title ?? 'Noclobber spec', poster: 'owner' });
      return { index: seeded.index, url: seeded.url, post: { kind: 'issue', index: seeded.index } };
    },
    async createComment(index, body, options = {}) {
      const { commentId } = forge.seedComment({ index, body, poster: 'owner', review: options.review ?? false });
      return { kind: 'comment', index, commentId };
    },
    async readBody(post) {
      return forge.post(asDoubleRef(post)).body;
    },
    async writeBody(post, body) {
      forge.setBody(asDoubleRef(post), body);
    },
    async signIn(context: BrowserContext, role: Role) {
      const cookie = forge.sessionCookie(accounts[role]);
      const at = cookie.indexOf('=');
      await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: forge.url }]);
    },
    writes(): LoggedWrite[] {
      return forge
        .requests()
        .filter((request) => request.method === 'POST' && WRITE_ROUTES.has(request.route))
        .map((request) => ({ path: request.path, fields: request.fields, headers: request.headers, status: request.status }));
    },
    clearLog() {
      forge.clearRequests();
    },
    close: () => forge.close(),
  };
}
