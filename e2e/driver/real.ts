// The driver over a real Gitea or Forgejo. The browser signs in through the login form; seeding
// and the independent writer use the REST API with a token. See README.md for the variables.
import type { BrowserContext } from '@playwright/test';
import type { Capability, ForgeDriver, PostRef, Role } from './types';

export interface RealForgeConfig {
  url: string;
  user: string;
  password: string;
  token: string;
  owner: string;
  repo: string;
  reader: { user: string; password: string } | null;
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`FORGE_URL is set, so ${name} must be set too (see e2e/driver/README.md).`);
  return value;
}

export function realConfigFromEnv(env: NodeJS.ProcessEnv): RealForgeConfig {
  const url = new URL(required(env, 'FORGE_URL')).origin;
  const readerUser = env.FORGE_READER_USER;
  const readerPassword = env.FORGE_READER_PASSWORD;
  return {
    url,
    user: required(env, 'FORGE_USER'),
    password: required(env, 'FORGE_PASSWORD'),
    token: required(env, 'FORGE_TOKEN'),
    owner: required(env, 'FORGE_OWNER'),
    repo: required(env, 'FORGE_REPO'),
    reader: readerUser && readerPassword ? { user: readerUser, password: readerPassword } : null,
  };
}

/** Gitea ≥1.23 and Forgejo ≥8 lock edits with content_version; Forgejo's version names its Gitea base (`8.0.0+gitea-1.22.0`). */
export function versionHasLock(version: string): boolean {
  const [major = 0, minor = 0] = (/^v?(\d+)\.(\d+)/.exec(version)?.slice(1) ?? []).map(Number);
  const forgejo = /[+~]gitea-/.test(version) || major >= 7;
  return forgejo ? major >= 8 : major > 1 || minor >= 23;
}

export async function openRealDriver(config: RealForgeConfig): Promise<ForgeDriver> {
  const repoApi = `${config.url}/api/v1/repos/${encodeURIComponent(config.owner)}/${encodeURIComponent(config.repo)}`;

  const api = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${repoApi}${path}`, {
      method,
      headers: { authorization: `token ${config.token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${repoApi}${path} answered ${response.status}: ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };

  const issuePath = (post: PostRef): string =>
    post.kind === 'issue' ? `/issues/${post.index}` : `/issues/comments/${post.commentId}`;

  let lock: boolean | null = null;

  return {
    label: 'real',
    origin: config.url,
    can: (capability: Capability) => capability === 'reader' && config.reader !== null,
    async hasLock() {
      if (lock === null) {
        const response = await fetch(`${config.url}/api/v1/version`, { headers: { authorization: `token ${config.token}` } });
        const { version } = (await response.json()) as { version: string };
        lock = versionHasLock(version);
      }
      return lock;
    },
    async createIssue(body, options = {}) {
      if (options.pull) throw new Error('The real-forge driver cannot seed pull requests.');
      const issue = (await api('POST', '/issues', { title: options.title ?? 'Noclobber spec', body })) as { number: number; html_url: string };
      return { index: issue.number, url: issue.html_url, post: { kind: 'issue', index: issue.number } };
    },
    async createComment(index, body, options = {}) {
      if (options.review) throw new Error('The real-forge driver cannot seed review comments.');
      const comment = (await api('POST', `/issues/${index}/comments`, { body })) as { id: number };
      return { kind: 'comment', index, commentId: comment.id };
    },
    async readBody(post) {
      return ((await api('GET', issuePath(post))) as { body: string }).body;
    },
    async writeBody(post, body) {
      await api('PATCH', issuePath(post), { body });
    },
    async signIn(context: BrowserContext, role: Role) {
      const account = role === 'editor' ? { user: config.user, password: config.password } : config.reader;
      if (account === null) throw new Error('No reader account: set FORGE_READER_USER and FORGE_READER_PASSWORD.');
      const page = await context.newPage();
      await page.goto(`${config.url}/user/login`);
      await page.locator('input[name="user_name"]').fill(account.user);
      await page.locator('input[name="password"]').fill(account.password);
      await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/user/login')), page.locator('form button.primary, form button[type=submit]').first().click()]);
      await page.close();
    },
    writes() {
      throw new Error('The real-forge driver has no request log (capability request-log).');
    },
    clearLog() {},
    close: async () => {},
  };
}
