// Keyboard only: tick a box and edit a post without touching the mouse.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { forgeTargets } from './driver/index';
import { box, header, openPage, post, postTools, savedToasts, snapshot } from './ui';
import { CONTEXT_MENU_TOGGLE } from '../src/page/selectors';

const BODY = 'Plan:\n\n- [ ] write the spec\n- [ ] ship it\n\nNotes go here.\n';

/** Presses Tab until `isTarget` holds for the focused element (looking into shadow roots). */
async function tabUntil(page: Page, isTarget: () => Promise<boolean>, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await isTarget()) return;
  }
  throw new Error(`focus did not reach the target within ${limit} presses of Tab`);
}

for (const target of forgeTargets()) {
  test.describe(target, () => {
    test.use({ forgeTarget: target });

    test('keyboard only: tick a box, then open the editor, edit and save', async ({ context, forge }, info) => {
      const issue = await forge.createIssue(BODY);
      await forge.signIn(context, 'editor');
      const page = await openPage(context, issue.url);

      const first = box(post(page, 0), 'write the spec');
      await tabUntil(page, () => first.evaluate((el) => el === document.activeElement));
      await page.keyboard.press('Space');
      await expect(first).toBeChecked();
      await expect(savedToasts(page)).toContainText('Ticked ‘write the spec’');
      await expect.poll(() => forge.readBody(issue.post)).toBe(BODY.replace('- [ ] write', '- [x] write'));
      // Focus stays on the box after the page refreshed its render.
      await snapshot(page, info, 'ticked');

      const toggle = header(page, 0).locator(CONTEXT_MENU_TOGGLE);
      await tabUntil(page, () => toggle.evaluate((el) => el === document.activeElement));
      await page.keyboard.press('Enter');
      const edit = header(page, 0).getByRole('menuitem', { name: 'Edit' });
      await tabUntil(page, () => edit.evaluate((el) => el === document.activeElement));
      await page.keyboard.press('Enter');

      const text = postTools(post(page, 0)).getByRole('textbox', { name: 'Text of the description' });
      await expect(text).toBeFocused();
      await expect(text).toHaveValue(BODY.replace('- [ ] write', '- [x] write'));
      await page.keyboard.press('Control+End');
      await page.keyboard.type('Typed from the keyboard.\n');
      await snapshot(page, info, 'editing');
      await page.keyboard.press('Control+Enter');

      await expect(savedToasts(page)).toContainText('Edited 1 place');
      await expect
        .poll(() => forge.readBody(issue.post))
        .toBe(BODY.replace('- [ ] write', '- [x] write') + 'Typed from the keyboard.\n');
      await expect(text).toHaveCount(0);

      // Escape closes an editor without saving.
      await tabUntil(page, () => toggle.evaluate((el) => el === document.activeElement));
      await page.keyboard.press('Enter');
      await tabUntil(page, () => edit.evaluate((el) => el === document.activeElement));
      await page.keyboard.press('Enter');
      await expect(text).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(text).toHaveCount(0);
      await snapshot(page, info, 'saved');
    });
  });
}
