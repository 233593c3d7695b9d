// The editor that replaces the forge's Edit: saving sends anchored hunks, so another writer's
// change elsewhere survives, and an overlapping change opens the conflict view with the draft
// kept and nothing written.
import { expect, test } from './fixtures';
import { forgeTargets } from './driver/index';
import { chooseEdit, conflictDialog, openPage, post, postTools, refusedToasts, savedToasts, snapshot } from './ui';

const BODY = [
  'The first paragraph says what this issue is about.',
  '',
  'The second paragraph lists the constraints we agreed on.',
  '',
  'The third paragraph is where the open questions go.',
  '',
].join('\n');

for (const target of forgeTargets()) {
  test.describe(target, () => {
    test.use({ forgeTarget: target });

    test('an edit saved while another writer changed a different paragraph keeps both changes', async ({ context, forge }, info) => {
      const issue = await forge.createIssue(BODY);
      await forge.signIn(context, 'editor');
      const page = await openPage(context, issue.url);

      await chooseEdit(page, 0);
      const text = postTools(post(page, 0)).getByRole('textbox', { name: 'Text of the description' });
      await expect(text).toHaveValue(BODY);

      const theirs = BODY.replace('open questions go.', 'open questions go. Someone else added this.');
      await forge.writeBody(issue.post, theirs);

      await text.fill(BODY.replace('what this issue is about', 'what this issue is really about'));
      await postTools(post(page, 0)).getByRole('button', { name: 'Save' }).click();
      if (!(await forge.hasLock())) {
        // Without a lock the engine will not write over a body that changed; the user re-applies.
        await conflictDialog(page).getByRole('button', { name: 'Apply my change to the live text' }).click();
      }
      await expect(savedToasts(page)).toContainText('Edited 1 place');
      const both = theirs.replace('what this issue is about', 'what this issue is really about');
      await expect.poll(() => forge.readBody(issue.post)).toBe(both);
      await expect(post(page, 0)).toContainText('really about');
      await expect(post(page, 0)).toContainText('Someone else added this.');
      await expect(text).toHaveCount(0);
      await snapshot(page, info, 'saved');
    });

    test('an edit overlapping another writer’s change opens the conflict view, keeps the draft and writes nothing', async ({ context, forge }, info) => {
      const issue = await forge.createIssue(BODY);
      await forge.signIn(context, 'editor');
      const page = await openPage(context, issue.url);

      await chooseEdit(page, 0);
      const text = postTools(post(page, 0)).getByRole('textbox', { name: 'Text of the description' });
      await expect(text).toHaveValue(BODY);

      const theirs = BODY.replace('lists the constraints we agreed on', 'lists the constraints we dropped');
      await forge.writeBody(issue.post, theirs);
      forge.clearLog();

      const draft = BODY.replace('lists the constraints we agreed on', 'lists the constraints we still need');
      await text.fill(draft);
      await postTools(post(page, 0)).getByRole('button', { name: 'Save' }).click();

      const dialog = conflictDialog(page);
      await expect(dialog).toBeVisible();
      await expect(refusedToasts(page)).toContainText('Not saved');
      await expect(dialog.getByRole('textbox', { name: /Your draft/ })).toHaveValue(draft);
      await expect(dialog.getByRole('group', { name: 'Changes on the server' })).toContainText('dropped');
      await expect(dialog.getByRole('button', { name: 'Edit on top of the live text' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: /overwrite/i })).toHaveCount(0);
      await snapshot(page, info, 'conflict');

      expect(await forge.readBody(issue.post)).toBe(theirs);
      if (forge.can('request-log')) expect(forge.writes().filter((write) => write.status === 200)).toHaveLength(0);

      // Closing the view leaves the draft in the editor.
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(text).toHaveValue(draft);

      // "Edit on top" reseeds the editor with the live text and keeps the draft beside it.
      await postTools(post(page, 0)).getByRole('button', { name: 'Save' }).click();
      await conflictDialog(page).getByRole('button', { name: 'Edit on top of the live text' }).click();
      await expect(text).toHaveValue(theirs);
      await expect(postTools(post(page, 0))).toContainText('we still need');
      await snapshot(page, info, 'edit-on-top');
    });
  });
}
