// The popup: what the forge page in the active tab offers (asked of the content script there),
// the ledger of edits, and undo from the ledger, which reverts the edit on the forge.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { forgeTargets } from './driver/index';
import { PROFILES } from './forge/profiles';
import type { ProfileName } from './forge/api';
import { box, openPage, post, savedToasts, snapshot } from './ui';
import { normalizeVersion } from '../src/protocol/forge-hints';

const BODY = 'Release:\n\n- [ ] alpha\n- [ ] beta\n';

/** What the popup should name the forge: "Gitea 1.26.0"; any Gitea or Forgejo on a real forge. */
function forgeHeading(target: string): RegExp | string {
  if (target === 'real') return /^(Gitea|Forgejo)/;
  const profile = PROFILES[target as ProfileName];
  return `${profile.forge === 'gitea' ? 'Gitea' : 'Forgejo'} ${normalizeVersion(profile.version)}`;
}

/**
 * Opens the popup as a page of its own. The popup describes the active tab of its window, so
 * the forge tab is brought to the front first and the popup loads in a tab behind it.
 */
async function openPopup(context: BrowserContext, forgeTab: Page, extensionId: string, popup?: Page): Promise<Page> {
  const page = popup ?? (await context.newPage());
  await page.setViewportSize({ width: 400, height: 560 });
  await forgeTab.bringToFront();
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  return page;
}

for (const target of forgeTargets()) {
  test.describe(target, () => {
    test.use({ forgeTarget: target });

    test('the popup shows the forge and its lock, lists a tick in the ledger, and its Undo reverts the tick on the forge', async ({ context, forge, extensionId }, info) => {
      const issue = await forge.createIssue(BODY);
      await forge.signIn(context, 'editor');
      const forgeTab = await openPage(context, issue.url);
      const locked = await forge.hasLock();

      const popup = await openPopup(context, forgeTab, extensionId);
      const status = popup.locator('[aria-label="This page"]');
      await expect(status.locator('strong')).toHaveText(forgeHeading(target));
      await expect(status).toContainText(locked ? 'Yes: every write is compare-and-swap' : 'No: checked before writing, but last write wins');
      await expect(status).toContainText('1 on this page, 1 you may edit');
      await expect(popup.getByText('No edits yet.')).toBeVisible();

      // A tick on the forge page lands in the ledger.
      await box(post(forgeTab, 0), 'beta').click();
      await expect(savedToasts(forgeTab)).toContainText('Ticked ‘beta’');
      const ticked = BODY.replace('- [ ] beta', '- [x] beta');
      await expect.poll(() => forge.readBody(issue.post)).toBe(ticked);

      await openPopup(context, forgeTab, extensionId, popup);
      const ledger = popup.getByRole('list', { name: 'Recent edits' });
      const entry = ledger.getByRole('listitem').filter({ hasText: 'Ticked ‘beta’' });
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText(`#${issue.index}`);
      await expect(entry).toContainText(locked ? /v\d+ → v\d+/ : 'no lock');
      await expect(status.locator('strong')).toHaveText(forgeHeading(target));
      await snapshot(popup, info, 'popup');

      // Undo from the popup: the inverse edit is written to the forge through the same cycle.
      await entry.getByRole('button', { name: /^Undo: Ticked ‘beta’/ }).click();
      await expect(popup.getByRole('status')).toContainText('Undid an earlier edit');
      await expect.poll(() => forge.readBody(issue.post)).toBe(BODY);
      await expect(entry).toContainText('undone');
      await expect(entry.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
      await snapshot(popup, info, 'popup-undone');
    });
  });
}
