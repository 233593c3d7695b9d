import { expect, test } from '@playwright/test';
import { openDriver, type ForgeDriver } from './driver/index';
import { launchWithManagedPolicy, type ManagedExtension } from './managed-policy';
import { box, openPage, post, postTools, refusedToasts, savedToasts, snapshot } from './ui';

// A real managed policy, read by Chromium from its policy directory, reaches the extension and
// is enforced: on the options page, on forge pages and in the background engine. Writing the
// policy directory needs root, as CI runs.
test.skip(process.getuid?.() !== 0, 'writing /etc/chromium/policies/managed needs root (CI runs as root)');

const POLICY = {
  allowedOps: ['task-toggle'],
  sectionPrefix: 'team',
  maxBodyBytes: 'lots', // the wrong type: Chromium's schema check drops it before the extension sees it
  forgeOrigins: ['git.example.org/owner'], // the right type but not an origin: ignored whole, with a notice
};

const BODY = 'Release:\n\n- [ ] docs\n- [ ] tests\n\n<!-- team:section:status -->\ngreen\n<!-- /team:section:status -->\n';

let managed: ManagedExtension;

test.beforeAll(async () => {
  managed = await launchWithManagedPolicy(POLICY);
});

test.afterAll(async () => {
  await managed?.close();
});

test('the policy file reaches chrome.storage.managed', async () => {
  const seen = await managed.serviceWorker.evaluate(() => chrome.storage.managed.get());
  const { maxBodyBytes: _dropped, ...valid } = POLICY;
  expect(seen).toEqual(valid);
});

test('the options page shows managed settings locked and names the ignored value', async () => {
  const page = await managed.context.newPage();
  await page.goto(`chrome-extension://${managed.extensionId}/options.html`);
  const prefix = page.getByRole('textbox', { name: /Section marker prefix/ });
  await expect(prefix).toHaveValue('team');
  await expect(prefix).toBeDisabled();
  await expect(page.locator('.setting', { has: prefix }).getByText('Set by your organisation')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Add to the end' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Tick and untick checkboxes' })).toBeDisabled();
  // Not managed, so the user may still change it.
  await expect(page.getByRole('spinbutton', { name: /Largest body written/ })).toBeEnabled();
  await expect(page.getByRole('alert')).toContainText('forgeOrigins');
  await page.screenshot({ path: 'e2e/artifacts/options-managed.png', fullPage: true });
});

test.describe('on a forge with the lock', () => {
  let forge: ForgeDriver;
  test.beforeAll(async () => {
    forge = await openDriver('gitea-1.26');
  });
  test.afterAll(async () => {
    await forge?.close();
  });

  test('the page offers only the allowed edit, and it works', async ({}, info) => {
    const issue = await forge.createIssue(BODY);
    await forge.signIn(managed.context, 'editor');
    const page = await openPage(managed.context, issue.url);
    await expect(postTools(post(page, 0)).getByRole('button', { name: /Add to end/ })).toHaveCount(0);
    await expect(postTools(post(page, 0)).getByRole('button', { name: /section/i })).toHaveCount(0);
    await box(post(page, 0), 'docs').click();
    await expect(savedToasts(page).getByText(/Ticked ‘docs’/)).toBeVisible();
    expect(await forge.readBody(issue.post)).toBe(BODY.replace('- [ ] docs', '- [x] docs'));
    await snapshot(page, info, 'managed-ticks-only');
  });

  test('the background refuses an op the policy does not allow, even from its own pages', async () => {
    const issue = await forge.createIssue(BODY);
    forge.clearLog();
    const page = await managed.context.newPage();
    await page.goto(`chrome-extension://${managed.extensionId}/options.html`);
    const origin = forge.origin;
    const answer = await page.evaluate(
      ({ origin, index, body }) =>
        chrome.runtime.sendMessage({
          type: 'edit',
          target: { origin, repoLink: '/owner/repo', kind: 'issue', index },
          op: { kind: 'append', text: 'appended against policy' },
          seen: { body, version: 0 },
          facts: { updateUrl: `/owner/repo/issues/${index}/content`, context: '/owner/repo', contentVersion: 0, csrfToken: null, forge: 'gitea', forgeVersion: '1.26.0' },
        }),
      { origin, index: issue.index, body: BODY },
    );
    expect(answer).toMatchObject({ ok: false, reason: 'op-not-allowed' });
    expect(forge.writes()).toEqual([]);
    expect(await forge.readBody(issue.post)).toBe(BODY);
  });
});

test.describe('on a forge without the lock', () => {
  let forge: ForgeDriver;
  test.beforeAll(async () => {
    forge = await openDriver('gitea-1.22');
  });
  test.afterAll(async () => {
    await forge?.close();
  });

  test('a managed deployment requires the lock: the tick is refused and nothing is written', async ({}, info) => {
    const issue = await forge.createIssue(BODY);
    await forge.signIn(managed.context, 'editor');
    forge.clearLog();
    const page = await openPage(managed.context, issue.url);
    await box(post(page, 0), 'docs').click();
    await expect(refusedToasts(page).getByText(/no edit lock, and policy requires one/)).toBeVisible();
    await expect(box(post(page, 0), 'docs')).not.toBeChecked();
    expect(forge.writes()).toEqual([]);
    expect(await forge.readBody(issue.post)).toBe(BODY);
    await snapshot(page, info, 'managed-lock-required');
  });
});
