// Checkbox ticks: each becomes one anchored write by the extension; the forge's own widget
// never writes, a second tab never locks up, and rapid ticks all land.
import { expect, test } from './fixtures';
import { forgeTargets } from './driver/index';
import { box, conflictDialog, expectLanded, openPage, post, refusedToasts, savedToasts, snapshot } from './ui';

const CHECKLIST = '# Release\n\n- [ ] alpha\n- [ ] beta\n- [x] gamma\n- [ ] delta\n';

for (const target of forgeTargets()) {
  test.describe(target, () => {
    test.use({ forgeTarget: target });

    test('a tick writes one anchored change and the native widget sends nothing', async ({ context, forge }, info) => {
      const issue = await forge.createIssue(CHECKLIST);
      await forge.signIn(context, 'editor');
      const page = await openPage(context, issue.url);
      forge.clearLog();

      const beta = box(post(page, 0), 'beta');
      await beta.click();
      await expect(beta).toBeChecked();
      await expect(savedToasts(page)).toContainText('Ticked ‘beta’');
      await expect.poll(() => forge.readBody(issue.post)).toBe(CHECKLIST.replace('- [ ] beta', '- [x] beta'));

      if (forge.can('request-log')) {
        const writes = forge.writes();
        expect(writes).toHaveLength(1);
        const [write] = writes;
        // The background worker's request: the forge sees the extension's origin, not the page's.
        expect(write!.headers.origin ?? '').toMatch(/^chrome-extension:\/\//);
        expect(write!.fields.content).toBe(CHECKLIST.replace('- [ ] beta', '- [x] beta'));
        expect(write!.fields.ignore_attachments).toBe('true');
        if (await forge.hasLock()) expect(write!.fields.content_version).toBe('0');
      }
      await snapshot(page, info, 'ticked');
    });

    test('two tabs ticking different boxes: both ticks land, neither tab locks up', async ({ context, forge }, info) => {
      const issue = await forge.createIssue(CHECKLIST);
      await forge.signIn(context, 'editor');
      const first = await openPage(context, issue.url);
      const second = await openPage(context, issue.url);

      await box(post(first, 0), 'alpha').click();
      await expect(box(post(first, 0), 'alpha')).toBeChecked();
      await expect(savedToasts(first)).toContainText('Ticked ‘alpha’');

      // The second tab still shows the old body and version.
      const locked = await forge.hasLock();
      await box(post(second, 0), 'delta').click();
      await expectLanded(second, 'Ticked ‘delta’', locked);
      await expect(box(post(second, 0), 'delta')).toBeChecked();
      // Its page was refreshed from the forge's answer: the other tab's tick shows too.
      await expect(box(post(second, 0), 'alpha')).toBeChecked();

      const both = CHECKLIST.replace('- [ ] alpha', '- [x] alpha').replace('- [ ] delta', '- [x] delta');
      await expect.poll(() => forge.readBody(issue.post)).toBe(both);

      // Neither tab is stuck: each can untick again.
      await box(post(first, 0), 'gamma').click();
      await expectLanded(first, 'Unticked ‘gamma’', locked);
      await box(post(second, 0), 'beta').click();
      await expectLanded(second, 'Ticked ‘beta’', locked);
      await expect
        .poll(() => forge.readBody(issue.post))
        .toBe(both.replace('- [x] gamma', '- [ ] gamma').replace('- [ ] beta', '- [x] beta'));
      await snapshot(second, info, 'second-tab');
    });

    test('ten rapid ticks all land', async ({ context, forge }, info) => {
      const labels = Array.from({ length: 10 }, (_, i) => `task number ${i + 1}`);
      const body = `Ten things:\n\n${labels.map((label) => `- [ ] ${label}`).join('\n')}\n`;
      const issue = await forge.createIssue(body);
      await forge.signIn(context, 'editor');
      const page = await openPage(context, issue.url);
      forge.clearLog();

      // Real clicks in quick succession: the positions are taken first, then clicked without waiting.
      const points = [];
      for (const label of labels) {
        const rect = await box(post(page, 0), label).boundingBox();
        if (rect === null) throw new Error(`the box of ${label} is not on screen`);
        points.push({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 });
      }
      for (const point of points) await page.mouse.click(point.x, point.y);
      for (const label of labels) await expect(box(post(page, 0), label)).toBeChecked();
      await expect.poll(() => forge.readBody(issue.post)).toBe(body.replaceAll('- [ ]', '- [x]'));
      if (forge.can('request-log')) {
        // The engine coalesces what arrives while a write is in flight: at most one successful
        // write per tick, usually fewer.
        const written = forge.writes().filter((write) => write.status === 200);
        test.info().annotations.push({ type: 'writes', description: `${written.length} writes for 10 ticks` });
        expect(written.length).toBeLessThanOrEqual(10);
      }
      await snapshot(page, info, 'all-ticked');
    });

    test('a tick on an item renamed on the server meanwhile is refused with the conflict view; the box shows the live state', async ({ context, forge }, info) => {
      const body = 'Docs:\n\n- [ ] ship docs\n- [ ] beta\n';
      const issue = await forge.createIssue(body);
      await forge.signIn(context, 'editor');
      const page = await openPage(context, issue.url);
      const theirs = 'Docs:\n\n- [ ] ship the docs\n- [x] beta\n';
      await forge.writeBody(issue.post, theirs);
      if (forge.can('request-log')) forge.clearLog();

      const docs = box(post(page, 0), 'ship docs');
      await docs.click();
      const dialog = conflictDialog(page);
      await expect(dialog).toBeVisible();
      await expect(refusedToasts(page)).toContainText('Not saved');
      await expect(dialog).toContainText('ticked ‘beta’');
      await expect(dialog.getByRole('group', { name: 'Changes on the server' })).toContainText('ship the docs');
      await expect(dialog.getByRole('button', { name: 'Edit on top of the live text' })).toBeVisible();
      await expect(docs).not.toBeChecked();
      await expect(docs).not.toHaveAttribute('aria-busy', 'true');
      await snapshot(page, info, 'tick-conflict');
      expect(await forge.readBody(issue.post)).toBe(theirs);
      if (forge.can('request-log')) expect(forge.writes().filter((write) => write.status === 200)).toHaveLength(0);

      // "Edit on top" opens the editor on the live text.
      await dialog.getByRole('button', { name: 'Edit on top of the live text' }).click();
      await expect(page.getByRole('textbox', { name: 'Text of the description' })).toHaveValue(theirs);
    });

    test('a tick in a pull request’s review comment is anchored too', async ({ context, forge }, info) => {
      test.skip(!forge.can('pulls'), 'This forge driver cannot seed pull requests and review comments.');
      const pull = await forge.createIssue('PR description:\n\n- [ ] tests\n', { pull: true });
      const review = await forge.createComment(pull.index, 'Before merging:\n\n- [ ] handle the empty queue\n- [ ] add a test\n', { review: true });
      await forge.signIn(context, 'editor');
      const page = await openPage(context, pull.url);

      await box(post(page, 1), 'add a test').click();
      await expect(savedToasts(page)).toContainText('Ticked ‘add a test’ · comment on #');
      await expect.poll(() => forge.readBody(review)).toBe('Before merging:\n\n- [ ] handle the empty queue\n- [x] add a test\n');
      await box(post(page, 0), 'tests').click();
      await expect(savedToasts(page)).toContainText('Ticked ‘tests’');
      await expect.poll(() => forge.readBody(pull.post)).toBe('PR description:\n\n- [x] tests\n');
      await snapshot(page, info, 'review-comment');
    });
  });
}
