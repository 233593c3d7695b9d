// The UI bundle (overlay.js) is loaded after the content script, as soon as the page shows a post
// the viewer may edit. A tick made before it arrives is not held up: it is taken over and written
// at once, and its toast appears when the bundle is there.
import type { Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { forgeTargets } from './driver/index';
import { box, openPage, overlay, post, postTools, savedToasts } from './ui';

const BODY = 'Before the UI:\n\n- [ ] alpha\n- [ ] beta\n';

interface HeldUi {
  /** How often the background was asked to run the bundle. */
  uiRequests: number;
  releaseUi: () => void;
}

/** Makes the background hold the UI bundle back until released, counting the requests. */
async function holdUiBundle(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const held = globalThis as unknown as HeldUi;
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    held.uiRequests = 0;
    held.releaseUi = release;
    const scripting = chrome.scripting;
    const run = scripting.executeScript.bind(scripting) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(scripting, {
      executeScript: async (...args: unknown[]) => {
        held.uiRequests++;
        await gate;
        return run(...args);
      },
    });
  });
}

for (const target of forgeTargets()) {
  test.describe(target, () => {
    test.use({ forgeTarget: target });

    test('a tick before the UI bundle arrives is written at once and toasted once the bundle is there', async ({ context, forge, serviceWorker }) => {
      const issue = await forge.createIssue(BODY);
      await forge.signIn(context, 'editor');
      await holdUiBundle(serviceWorker);
      const page = await openPage(context, issue.url);

      // Asked for as soon as the page showed an editable post, without any click.
      await expect.poll(() => serviceWorker.evaluate(() => (globalThis as unknown as HeldUi).uiRequests)).toBe(1);
      await expect(page.locator('noclobber-ui')).toHaveCount(0);

      const beta = box(post(page, 0), 'beta');
      await beta.click();
      await expect(beta).toBeChecked();
      await expect.poll(() => forge.readBody(issue.post)).toBe(BODY.replace('- [ ] beta', '- [x] beta'));
      await expect(overlay(page)).toHaveCount(0);

      await serviceWorker.evaluate(() => (globalThis as unknown as HeldUi).releaseUi());
      await expect(savedToasts(page)).toContainText('Ticked ‘beta’');
      await expect(postTools(post(page, 0)).getByRole('button', { name: '+ Add to end' })).toBeVisible();
      expect(await serviceWorker.evaluate(() => (globalThis as unknown as HeldUi).uiRequests)).toBe(1);
    });
  });
}
