// The forge's own page scripts as served by the double (forge-facts §4 and §5), driven in a
// real Chromium: the checkbox widget's request and its stuck-on-400 bug, the capture-phase
// takeover that stops it, and the whole-body editor's stale re-seed.

import { type Browser, type BrowserContext, chromium, type Locator, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForgeDouble, LoggedRequest, ProfileName } from './api';
import { chromiumPath } from './launch';
import { PROFILES } from './profiles';
import { startForge } from './server';

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
  // One context for the file (tests run one after another): cookies ignore the port, so each
  // test's session cookie simply replaces the previous one.
  context = await browser.newContext();
});

afterAll(async () => {
  await browser?.close();
});

/** A user's click, without Playwright's actionability waits (the native scripts see the same events). */
async function click(locator: Locator): Promise<void> {
  await locator.evaluate((el) => (el as HTMLElement).click());
}

interface Scene {
  double: ForgeDouble;
  page: Page;
  issueId: number;
  close(): Promise<void>;
}

async function openIssue(profile: ProfileName, body: string, options: { attachments?: string[] } = {}): Promise<Scene> {
  const double = await startForge({ profile });
  const issue = double.seedIssue({ body, title: 'Native', attachments: options.attachments });
  const [name, value] = double.sessionCookie('owner').split('=') as [string, string];
  await context.addCookies([{ name, value, url: double.url }]);
  const page = await context.newPage();
  page.on('pageerror', () => {}); // the native widget throws on purpose for bad positions
  await page.goto(issue.url, { waitUntil: 'domcontentloaded' });
  if (body.includes('[')) await expect.poll(() => page.locator(descriptionBox(issue.id)).first().isEnabled()).toBe(true);
  return {
    double,
    page,
    issueId: issue.id,
    async close() {
      await page.close();
      await double.close();
    },
  };
}

function descriptionBox(issueId: number, position?: number): string {
  const which = position === undefined ? '' : `[data-source-position="${position}"]`;
  return `.comment-body:has(#issue-${issueId}-raw) .render-content input[type=checkbox]${which}`;
}

function contentWrites(double: ForgeDouble): LoggedRequest[] {
  return double.requests().filter((r) => r.route === 'issue-content');
}

async function waitForWrites(double: ForgeDouble, count: number): Promise<LoggedRequest[]> {
  await expect.poll(() => contentWrites(double).length, { timeout: 5000 }).toBe(count);
  return contentWrites(double);
}

// One profile per combination of lock / no lock, token / cross-origin check, Gitea / Forgejo.
const WIDGET_PROFILES: ProfileName[] = ['gitea-1.22', 'gitea-1.24', 'gitea-1.27', 'forgejo-7', 'forgejo-14'];

describe.each(WIDGET_PROFILES)('native checkbox widget on %s', (profileName) => {
  const profile = PROFILES[profileName];

  it('posts the whole rewritten body with the page version and ignore_attachments=true, then stores the new state', async () => {
    const scene = await openIssue(profileName, '- [ ] one\n- [ ] twö\n', { attachments: ['kept.txt'] });
    try {
      const { page, double, issueId } = scene;
      await click(page.locator(descriptionBox(issueId, 12)));
      const [write] = await waitForWrites(double, 1);
      expect(write!.status).toBe(200);
      // Chromium's multipart encoding turns every LF of a FormData value into CRLF, so a native
      // tick leaves a CRLF body on the server while the page keeps the LF text.
      expect(write!.fields.content).toBe('- [ ] one\r\n- [x] twö\r\n');
      expect(write!.fields.ignore_attachments).toBe('true');
      expect(write!.fields.context).toBe('/owner/repo');
      expect(write!.fields.content_version).toBe(profile.lock ? '0' : undefined);
      expect(write!.headers['content-type']).toMatch(/^multipart\/form-data/);
      expect(write!.headers['x-csrf-token']).toBe(profile.writeProtection === 'token' ? double.csrfToken!('owner')! : undefined);
      expect(write!.headers['sec-fetch-site']).toBe('same-origin');
      expect(double.post({ kind: 'issue', index: 1 })).toMatchObject({ body: '- [ ] one\r\n- [x] twö\r\n', attachments: [{ name: 'kept.txt' }] });
      const zone = page.locator(`.comment-body:has(#issue-${issueId}-raw) .edit-content-zone`);
      if (profile.lock) await expect.poll(() => zone.getAttribute('data-content-version')).toBe('1');
      await expect.poll(() => page.locator(`#issue-${issueId}-raw`).textContent()).toBe('- [ ] one\n- [x] twö\n');
      // The boxes are usable again.
      await click(page.locator(descriptionBox(issueId, 2)));
      await waitForWrites(double, 2);
      expect(double.post({ kind: 'issue', index: 1 }).body).toBe('- [x] one\r\n- [x] twö\r\n');
    } finally {
      await scene.close();
    }
  });
});

describe.each(['gitea-1.26', 'forgejo-11'] as const)('native [X] handling on %s', (profileName) => {
  const profile = PROFILES[profileName];

  it(`${profile.nativeAcceptsUpperX ? 'accepts' : 'refuses'} an [X] marker`, async () => {
    const scene = await openIssue(profileName, '- [X] upper\n');
    try {
      const { page, double, issueId } = scene;
      const box = page.locator(descriptionBox(issueId, 2));
      await click(box);
      if (profile.nativeAcceptsUpperX) {
        await waitForWrites(double, 1);
        expect(double.post({ kind: 'issue', index: 1 }).body).toBe('- [ ] upper\r\n');
      } else {
        await expect.poll(() => box.isChecked()).toBe(true); // reverted by the widget
        await page.waitForTimeout(100);
        expect(contentWrites(double)).toHaveLength(0);
      }
    } finally {
      await scene.close();
    }
  });
});

describe.each(['gitea-1.23', 'gitea-1.26', 'forgejo-14'] as const)('native widget refused on %s', (profileName) => {
  it('shows a toast on 400 and leaves the box flipped and every box of the post stuck', async () => {
    const scene = await openIssue(profileName, '- [ ] one\n- [ ] two\n');
    try {
      const { page, double, issueId } = scene;
      double.setBody({ kind: 'issue', index: 1 }, '- [ ] one\n- [ ] two\n- [ ] added elsewhere\n');
      await click(page.locator(descriptionBox(issueId, 2)));
      const [write] = await waitForWrites(double, 1);
      expect(write!.status).toBe(400);
      const toast = page.locator('.toastify.toast-error .toast-body');
      await toast.waitFor();
      expect(await toast.textContent()).toMatch(/someone else/);
      expect(await page.locator(descriptionBox(issueId, 2)).isChecked()).toBe(true); // not reverted
      await click(page.locator(descriptionBox(issueId, 12)));
      await page.waitForTimeout(100);
      expect(await page.locator(descriptionBox(issueId, 12)).isChecked()).toBe(false); // stuck
      expect(contentWrites(double)).toHaveLength(1);
      expect(double.post({ kind: 'issue', index: 1 }).body).toContain('added elsewhere');
    } finally {
      await scene.close();
    }
  });
});

describe('taking over from the native scripts', () => {
  it('a capture-phase document listener with stopImmediatePropagation keeps the native widget from writing', async () => {
    const scene = await openIssue('gitea-1.26', '- [ ] one\n');
    try {
      const { page, double, issueId } = scene;
      await page.evaluate(() => {
        for (const type of ['input', 'click']) {
          document.addEventListener(
            type,
            (event) => {
              const target = event.target as Element;
              if (target.matches('.markup .task-list-item input[type=checkbox][data-source-position]')) {
                event.stopImmediatePropagation();
                document.body.dataset.intercepted = String(Number(document.body.dataset.intercepted ?? '0') + 1);
              }
            },
            true,
          );
        }
      });
      await click(page.locator(descriptionBox(issueId, 2)));
      await page.waitForTimeout(100);
      expect(await page.evaluate(() => document.body.dataset.intercepted)).toBe('2'); // click and input
      expect(contentWrites(double)).toHaveLength(0);
    } finally {
      await scene.close();
    }
  });
});

async function openEditor(page: Page, issueId: number) {
  const container = page.locator(`.comment-container:has(#issue-${issueId}-raw)`);
  await click(container.locator('.comment-header .context-menu'));
  await click(container.locator('.comment-header .edit-content'));
  const textarea = container.locator('.edit-content-zone textarea');
  await textarea.waitFor({ state: 'visible' });
  return { container, textarea };
}

describe('native whole-body editor', () => {
  const cases: { profile: ProfileName; stale: boolean }[] = [
    { profile: 'gitea-1.23', stale: true },
    { profile: 'gitea-1.26', stale: false },
    { profile: 'forgejo-11', stale: true },
  ];

  it.each(cases)('$profile: after cancel and a tick, Edit shows stale text = $stale', async ({ profile, stale }) => {
    const scene = await openIssue(profile, 'Intro\n\n- [ ] one\n', { attachments: ['keep-me.txt'] });
    try {
      const { page, double, issueId } = scene;
      const first = await openEditor(page, issueId);
      expect(await first.textarea.inputValue()).toBe('Intro\n\n- [ ] one\n');
      await click(first.container.locator('.ui.cancel.button'));
      await click(page.locator(descriptionBox(issueId, 9)));
      await waitForWrites(double, 1);
      const second = await openEditor(page, issueId);
      expect(await second.textarea.inputValue()).toBe(stale ? 'Intro\n\n- [ ] one\n' : 'Intro\n\n- [x] one\n');
      await expect.poll(() => second.container.locator('.edit-content-zone .files input[name=files]').count()).toBe(1);
      await click(second.container.locator('.ui.primary.button'));
      const writes = await waitForWrites(double, 2);
      expect(writes[1]!.status).toBe(200);
      expect(writes[1]!.fields.ignore_attachments).toBeUndefined();
      expect(writes[1]!.fields['files[]']).toBe(double.post({ kind: 'issue', index: 1 }).attachments[0]!.uuid);
      // Saving the stale text quietly reverts the tick; the attachment survives because the editor listed it.
      expect(double.post({ kind: 'issue', index: 1 })).toMatchObject({
        body: stale ? 'Intro\n\n- [ ] one\n' : 'Intro\n\n- [x] one\n',
        attachments: [{ name: 'keep-me.txt' }],
      });
    } finally {
      await scene.close();
    }
  });

  it.each([
    { profile: 'gitea-1.23' as ProfileName, reinit: true },
    { profile: 'gitea-1.24' as ProfileName, reinit: false },
  ])('$profile: the saved body is re-initialized = $reinit', async ({ profile, reinit }) => {
    const scene = await openIssue(profile, '- [ ] one\n');
    try {
      const { page, double, issueId } = scene;
      const { textarea, container } = await openEditor(page, issueId);
      await textarea.fill('- [ ] one\n- [ ] two\n');
      await click(container.locator('.ui.primary.button'));
      await waitForWrites(double, 1);
      await page.locator(descriptionBox(issueId, 12)).waitFor();
      expect(await page.locator(descriptionBox(issueId, 12)).isEnabled()).toBe(reinit);
    } finally {
      await scene.close();
    }
  });

  it('shows the refusal as a toast when the save is refused', async () => {
    const scene = await openIssue('gitea-1.26', 'text\n');
    try {
      const { page, double, issueId } = scene;
      const { textarea, container } = await openEditor(page, issueId);
      double.setBody({ kind: 'issue', index: 1 }, 'theirs\n');
      await textarea.fill('mine\n');
      await click(container.locator('.ui.primary.button'));
      await page.locator('.toastify.toast-error').waitFor();
      expect(double.post({ kind: 'issue', index: 1 }).body).toBe('theirs\n');
    } finally {
      await scene.close();
    }
  });
});
