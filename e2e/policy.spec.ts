// Settings the page features obey: `nativeEdit: 'off'` leaves the forge alone, ops outside
// `allowedOps` lose their controls, and `requireReviewBeforeWrite` shows the change first.
import type { Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { forgeTargets } from './driver/index';
import { box, chooseEdit, header, overlay, post, postTools, savedToasts, snapshot } from './ui';
import { EDIT_MENU_ITEM } from '../src/page/selectors';

const BODY = 'Policy:\n\n- [ ] one\n- [ ] two\n';

/** Stores user settings the way the options page does (`storage.local`, key `settings`). */
async function useSettings(worker: Worker, settings: Record<string, unknown>): Promise<void> {
  await worker.evaluate((value) => chrome.storage.local.set({ settings: value }), settings);
}

for (const target of forgeTargets()) {
  test.describe(target, () => {
    test.use({ forgeTarget: target });

    test('nativeEdit off: the extension stays idle and the forge behaves as without it', async ({ context, forge, serviceWorker }, info) => {
      await useSettings(serviceWorker, { nativeEdit: 'off' });
      const issue = await forge.createIssue(BODY);
      await forge.signIn(context, 'editor');
      const page = await context.newPage();
      await page.goto(issue.url);
      await expect(page.locator('html')).toHaveAttribute('data-noclobber', 'idle');
      await expect(postTools(post(page, 0))).toHaveCount(0);
      if (forge.can('request-log')) forge.clearLog();

      // The forge's own widget writes the box (the whole body, from the page; its multipart form
      // turns every line break into CRLF, which is the forge's doing, not ours).
      await box(post(page, 0), 'one').click();
      await expect.poll(async () => (await forge.readBody(issue.post)).replace(/\r\n/g, '\n')).toBe(BODY.replace('- [ ] one', '- [x] one'));
      if (forge.can('request-log')) expect(forge.writes()[0]?.headers.origin).toBe(forge.origin);
      await snapshot(page, info, 'idle');
    });

    test('ops outside allowedOps lose their controls', async ({ context, forge, serviceWorker }, info) => {
      await useSettings(serviceWorker, { allowedOps: ['task-toggle'] });
      const issue = await forge.createIssue(`${BODY}\n<!-- madtea:section:notes -->\nx\n<!-- /madtea:section:notes -->\n`);
      await forge.signIn(context, 'editor');
      const page = await context.newPage();
      await page.goto(issue.url);
      await expect(page.locator('html')).toHaveAttribute('data-noclobber', 'active');

      // No section, append or editor controls; the forge's whole-body Edit is hidden too.
      await expect(postTools(post(page, 0)).getByRole('button')).toHaveCount(0);
      await expect(header(page, 0).locator(EDIT_MENU_ITEM)).toBeHidden();
      // Ticks are still allowed and still anchored.
      await box(post(page, 0), 'two').click();
      await expect(savedToasts(page)).toContainText('Ticked ‘two’');
      await snapshot(page, info, 'ticks-only');
    });

    test('requireReviewBeforeWrite shows the change and writes only when confirmed; ticks are not held up', async ({ context, forge, serviceWorker }, info) => {
      await useSettings(serviceWorker, { requireReviewBeforeWrite: true });
      const issue = await forge.createIssue(BODY);
      await forge.signIn(context, 'editor');
      const page = await context.newPage();
      await page.goto(issue.url);
      await expect(page.locator('html')).toHaveAttribute('data-noclobber', 'active');

      await box(post(page, 0), 'one').click();
      await expect(savedToasts(page)).toContainText('Ticked ‘one’');
      const ticked = BODY.replace('- [ ] one', '- [x] one');
      await expect.poll(() => forge.readBody(issue.post)).toBe(ticked);

      await chooseEdit(page, 0);
      const text = postTools(post(page, 0)).getByRole('textbox', { name: 'Text of the description' });
      await expect(text).toHaveValue(ticked);
      await text.fill(ticked.replace('Policy:', 'Reviewed policy:'));
      await postTools(post(page, 0)).getByRole('button', { name: 'Save' }).click();

      const review = overlay(page).getByRole('dialog', { name: 'Review your change to the description' });
      await expect(review).toContainText('Reviewed');
      await snapshot(page, info, 'review');
      await review.getByRole('button', { name: 'Back' }).click();
      await expect(review).toHaveCount(0);
      expect(await forge.readBody(issue.post)).toBe(ticked);
      await expect(text).toHaveValue(ticked.replace('Policy:', 'Reviewed policy:'));

      await postTools(post(page, 0)).getByRole('button', { name: 'Save' }).click();
      await overlay(page).getByRole('dialog').getByRole('button', { name: 'Write this change' }).click();
      await expect(savedToasts(page)).toContainText('Edited 1 place');
      await expect.poll(() => forge.readBody(issue.post)).toBe(ticked.replace('Policy:', 'Reviewed policy:'));
    });
  });
}
