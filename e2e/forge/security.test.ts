// Write protection per profile (forge-facts §1 "CSRF and the cross-origin check") and web
// sign-in: old-scheme profiles want a CSRF token and refuse with a plain-text 400; new-scheme
// profiles check Sec-Fetch-Site / Origin instead and refuse with a plain-text 403.

import { describe, expect, it } from 'vitest';
import type { ForgeDouble } from './api';
import { SESSION_COOKIE_NAME } from './profiles';
import {
  attr,
  getAs,
  ORIGIN_PROFILES,
  pageDom,
  postForm,
  querySelector,
  querySelectorAll,
  TOKEN_PROFILES,
  withForge,
} from './test-support';

const CONTENT = '/owner/repo/issues/1/content';

function seed(double: ForgeDouble) {
  double.seedIssue({ body: 'original', title: 'T' });
}

/** The token the page carries in body[hx-headers] and in input[name=_csrf]. */
async function tokensFromPage(double: ForgeDouble): Promise<{ hx: string | null; inputs: string[] }> {
  const dom = await pageDom(double, '/owner/repo/issues/1');
  const body = querySelector(dom, 'body')!;
  const hx = attr(body, 'hx-headers');
  return {
    hx: hx ? (JSON.parse(hx) as Record<string, string>)['x-csrf-token'] ?? null : null,
    inputs: querySelectorAll(dom, 'input[name=_csrf]').map((i) => attr(i, 'value')!),
  };
}

describe.each(TOKEN_PROFILES)('CSRF token on %s', (profile) => {
  it('puts one token in body[hx-headers] and in every input[name=_csrf]', async () => {
    await withForge({ profile }, async (double) => {
      seed(double);
      const { hx, inputs } = await tokensFromPage(double);
      expect(hx).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(inputs.length).toBeGreaterThan(0);
      expect(new Set(inputs)).toEqual(new Set([hx]));
    });
  });

  it('refuses a write without a token with a plain-text 400 "Invalid CSRF token." and stores nothing', async () => {
    await withForge({ profile }, async (double) => {
      seed(double);
      const r = await postForm(double, CONTENT, { content: 'x', content_version: '0' }, { csrf: 'none' });
      expect(r.status).toBe(400);
      expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
      expect((await r.text()).trim()).toBe('Invalid CSRF token.');
      expect(double.post({ kind: 'issue', index: 1 }).body).toBe('original');
    });
  });

  it('accepts the token as X-Csrf-Token header, as _csrf url-encoded field and as _csrf multipart field', async () => {
    await withForge({ profile }, async (double) => {
      seed(double);
      const { hx } = await tokensFromPage(double);
      expect((await postForm(double, CONTENT, { content: 'a', content_version: '0' }, { csrf: { header: hx! } })).status).toBe(200);
      expect((await postForm(double, CONTENT, { content: 'b', content_version: '1' }, { csrf: { field: hx! } })).status).toBe(200);
      expect((await postForm(double, CONTENT, { content: 'c', content_version: '2' }, { csrf: { field: hx! }, multipart: true })).status).toBe(200);
      expect(double.post({ kind: 'issue', index: 1 }).body).toBe('c');
    });
  });

  it("refuses another user's token and an invented one", async () => {
    await withForge({ profile }, async (double) => {
      seed(double);
      const writerToken = double.csrfToken!('writer')!;
      expect((await postForm(double, CONTENT, { content: 'x' }, { csrf: { header: writerToken } })).status).toBe(400);
      expect((await postForm(double, CONTENT, { content: 'x' }, { csrf: { header: 'made-up-token' } })).status).toBe(400);
      expect(double.post({ kind: 'issue', index: 1 }).body).toBe('original');
    });
  });

  it('expires tokens: the old one is refused and a re-read page carries a fresh one that works', async () => {
    await withForge({ profile }, async (double) => {
      seed(double);
      const before = (await tokensFromPage(double)).hx!;
      double.expireCsrfTokens();
      const stale = await postForm(double, CONTENT, { content: 'x', content_version: '0' }, { csrf: { header: before } });
      expect(stale.status).toBe(400);
      expect((await stale.text()).trim()).toBe('Invalid CSRF token.');
      const after = (await tokensFromPage(double)).hx!;
      expect(after).not.toBe(before);
      expect((await postForm(double, CONTENT, { content: 'x', content_version: '0' }, { csrf: { header: after } })).status).toBe(200);
    });
  });

  it('does not look at Sec-Fetch-Site or Origin', async () => {
    await withForge({ profile }, async (double) => {
      seed(double);
      const r = await postForm(double, CONTENT, { content: 'x', content_version: '0' }, { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
      expect(r.status).toBe(200);
    });
  });
});

describe.each(ORIGIN_PROFILES)('cross-origin check on %s', (profile) => {
  it('has no CSRF token in the page', async () => {
    await withForge({ profile }, async (double) => {
      seed(double);
      expect(await tokensFromPage(double)).toEqual({ hx: null, inputs: [] });
    });
  });

  const cases: { name: string; headers: (host: string) => Record<string, string>; status: number }[] = [
    { name: 'Sec-Fetch-Site: same-origin (content-script fetch)', headers: (h) => ({ 'sec-fetch-site': 'same-origin', origin: `http://${h}` }), status: 200 },
    { name: 'Sec-Fetch-Site: none with an extension Origin (service-worker fetch)', headers: () => ({ 'sec-fetch-site': 'none', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' }), status: 200 },
    { name: 'no Sec-Fetch-Site, Origin matching the host', headers: (h) => ({ origin: `http://${h}` }), status: 200 },
    { name: 'neither header', headers: () => ({}), status: 200 },
    { name: 'Sec-Fetch-Site: cross-site', headers: () => ({ 'sec-fetch-site': 'cross-site' }), status: 403 },
    { name: 'Sec-Fetch-Site: same-site', headers: () => ({ 'sec-fetch-site': 'same-site' }), status: 403 },
    { name: 'Sec-Fetch-Site wins over a matching Origin', headers: (h) => ({ 'sec-fetch-site': 'cross-site', origin: `http://${h}` }), status: 403 },
    { name: 'no Sec-Fetch-Site, foreign Origin', headers: () => ({ origin: 'https://evil.example' }), status: 403 },
    { name: 'no Sec-Fetch-Site, Origin "null"', headers: () => ({ origin: 'null' }), status: 403 },
  ];

  it.each(cases)('$name → $status', async ({ headers, status }) => {
    await withForge({ profile }, async (double) => {
      seed(double);
      const host = new URL(double.url).host;
      const r = await postForm(double, CONTENT, { content: 'written', content_version: '0', ignore_attachments: 'true' }, { headers: headers(host) });
      expect(r.status).toBe(status);
      if (status === 403) {
        expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(await r.text()).toMatch(/cross-origin/);
      }
      expect(double.post({ kind: 'issue', index: 1 }).body).toBe(status === 200 ? 'written' : 'original');
    });
  });

  it('lets safe methods through whatever the headers say', async () => {
    await withForge({ profile }, async (double) => {
      seed(double);
      const r = await getAs(double, '/owner/repo/issues/1/info', 'owner', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
      expect(r.status).toBe(200);
    });
  });

  it('ignores a stray CSRF token', async () => {
    await withForge({ profile }, async (double) => {
      seed(double);
      const r = await postForm(double, CONTENT, { content: 'x', content_version: '0', _csrf: 'whatever' });
      expect(r.status).toBe(200);
    });
  });
});

describe('web sign-in', () => {
  it.each(['gitea-1.23', 'forgejo-14'] as const)('%s: signs in with "<name>-pass", sets the session cookie and returns', async (profile) => {
    await withForge({ profile }, async (double) => {
      seed(double);
      const form = await fetch(double.url + '/user/login?redirect_to=/owner/repo/issues/1');
      expect(form.status).toBe(200);
      const r = await fetch(double.url + '/user/login', {
        method: 'POST',
        body: new URLSearchParams({ user_name: 'writer', password: 'writer-pass', redirect_to: '/owner/repo/issues/1' }),
        redirect: 'manual',
      });
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe('/owner/repo/issues/1');
      const setCookie = r.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=[0-9a-f]+; Path=/; HttpOnly; SameSite=Lax$`));
      const cookie = setCookie.split(';')[0]!;
      const page = await (await fetch(double.url + '/owner/repo/issues/1', { headers: { cookie } })).text();
      expect(page).toContain('data-can-edit="true"');
      expect(double.requests().at(-1)?.user).toBe('writer');
    });
  });

  it('refuses a wrong password without a cookie', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      const r = await fetch(double.url + '/user/login', { method: 'POST', body: new URLSearchParams({ user_name: 'owner', password: 'nope' }), redirect: 'manual' });
      expect(r.status).toBe(200);
      expect(r.headers.get('set-cookie')).toBeNull();
      expect(await r.text()).toContain('Username or password is incorrect.');
    });
  });

  it('never redirects off-site after sign-in', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      const r = await fetch(double.url + '/user/login', {
        method: 'POST',
        body: new URLSearchParams({ user_name: 'owner', password: 'owner-pass', redirect_to: '//evil.example/x' }),
        redirect: 'manual',
      });
      expect(r.headers.get('location')).toBe('/');
    });
  });

  it('signs out', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      seed(double);
      const cookie = double.sessionCookie('owner');
      const out = await fetch(double.url + '/user/logout', { method: 'POST', headers: { cookie }, redirect: 'manual' });
      expect(out.status).toBe(303);
      const page = await (await fetch(double.url + '/owner/repo/issues/1', { headers: { cookie } })).text();
      expect(page).not.toContain('data-can-edit="true"');
      expect(page).toContain('Sign In');
    });
  });

  it('signs in through /-/double/login-as for the demo', async () => {
    await withForge({ profile: 'gitea-1.26' }, async (double) => {
      seed(double);
      const r = await fetch(`${double.url}/-/double/login-as?user=reader&redirect=/owner/repo/issues/1`, { redirect: 'manual' });
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe('/owner/repo/issues/1');
      const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0]!;
      await fetch(double.url + '/owner/repo/issues/1', { headers: { cookie } });
      expect(double.requests().at(-1)?.user).toBe('reader');
    });
  });
});
