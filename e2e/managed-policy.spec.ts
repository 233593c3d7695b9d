import { expect, test } from '@playwright/test';
import { launchWithManagedPolicy, type ManagedExtension } from './managed-policy';

// A real managed policy, read by Chromium from its policy directory, reaches the extension and
// is enforced. Writing the policy directory needs root, as CI runs.
test.skip(process.getuid?.() !== 0, 'writing /etc/chromium/policies/managed needs root (CI runs as root)');

const POLICY = {
  allowedOps: ['task-toggle'],
  sectionPrefix: 'team',
  requireReviewBeforeWrite: true,
  maxBodyBytes: 'lots', // the wrong type: Chromium's schema check drops it before the extension sees it
  forgeOrigins: ['git.example.org/owner'], // the right type but not an origin: ignored whole, with a notice
};

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
