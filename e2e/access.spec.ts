// Who can make the extension write: only the signed-in user's own trusted input, and only on
// posts the forge lets them edit. A reader sees no controls; a page script that fires synthetic
// events or posts messages gets nothing written.
import { expect, test } from './fixtures';
import { forgeTargets } from './driver/index';
import { box, chooseEdit, openPage, post, postTools, snapshot } from './ui';

const CHECKLIST = 'Checklist:\n\n- [ ] one\n- [ ] two\n';

for (const target of forgeTargets()) {
  test.describe(target, () => {
    test.use({ forgeTarget: target });

    test('a reader without edit rights sees no controls and cannot tick', async ({ context, forge }, info) => {
      test.skip(!forge.can('reader'), 'This forge driver has no second, read-only account (set FORGE_READER_USER/FORGE_READER_PASSWORD).');
      const issue = await forge.createIssue(CHECKLIST);
      await forge.signIn(context, 'reader');
      const page = await openPage(context, issue.url);
      if (forge.can('request-log')) forge.clearLog();

      await expect(postTools(post(page, 0))).toHaveCount(0);
      const one = box(post(page, 0), 'one');
      await expect(one).toBeDisabled();
      await one.click({ force: true });
      await expect(one).not.toBeChecked();
      await page.waitForTimeout(300);
      expect(await forge.readBody(issue.post)).toBe(CHECKLIST);
      if (forge.can('request-log')) expect(forge.writes()).toHaveLength(0);
      await snapshot(page, info, 'reader');
    });

    test('synthetic events and messages from a page script cannot make the extension write', async ({ context, forge }, info) => {
      const issue = await forge.createIssue(CHECKLIST);
      await forge.signIn(context, 'editor');
      const page = await openPage(context, issue.url);
      // Open our editor the honest way, so the script can also go after its Save button.
      await chooseEdit(page, 0);
      const text = postTools(post(page, 0)).getByRole('textbox', { name: 'Text of the description' });
      await expect(text).toHaveValue(CHECKLIST);
      if (forge.can('request-log')) forge.clearLog();

      // Everything below runs in the page's own JavaScript world, as a hostile script would.
      await page.evaluate(async () => {
        const boxes = [...document.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
        for (const b of boxes) {
          b.click();
          b.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
          // What the forge's own widget reacts to: a changed box and an input event.
          b.checked = !b.checked;
          b.dispatchEvent(new Event('input', { bubbles: true }));
          b.dispatchEvent(new Event('change', { bubbles: true }));
        }
        const edit = { type: 'edit', op: { kind: 'append', text: 'injected' } };
        window.postMessage(edit, '*');
        document.dispatchEvent(new CustomEvent('noclobber', { detail: edit }));
        const runtime = (window as unknown as { chrome?: { runtime?: { sendMessage?: (...args: unknown[]) => unknown } } }).chrome?.runtime;
        try {
          runtime?.sendMessage?.('x'.repeat(32), edit);
        } catch {
          // No extension listens to pages.
        }
        // Reach into the extension's (open) shadow root: change the draft and press Save.
        for (const host of document.querySelectorAll('noclobber-ui')) {
          const root = host.shadowRoot;
          const area = root?.querySelector('textarea');
          if (area) {
            area.value = 'replaced by a page script';
            area.dispatchEvent(new Event('input', { bubbles: true }));
          }
          for (const button of root?.querySelectorAll('button') ?? []) if (/Save|Add/.test(button.textContent ?? '')) button.click();
          root?.querySelector('form')?.requestSubmit();
          area?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true }));
        }
        await new Promise((resolve) => setTimeout(resolve, 800));
      });

      expect(await forge.readBody(issue.post)).toBe(CHECKLIST);
      if (forge.can('request-log')) expect(forge.writes()).toHaveLength(0);
      // No edit even began: no box is waiting for a write.
      await expect(post(page, 0).locator('input[type=checkbox]')).toHaveCount(2);
      await expect(post(page, 0).locator('input[type=checkbox][aria-busy]')).toHaveCount(0);
      await snapshot(page, info, 'after-script');
    });
  });
}
