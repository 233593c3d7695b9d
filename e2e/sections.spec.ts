// Named sections are edited alone (the rest of the body stays byte for byte), a new section
// can be added, and text can be added at the end.
import { expect, test } from './fixtures';
import { forgeTargets } from './driver/index';
import { openPage, post, postTools, savedToasts, snapshot } from './ui';

const BODY = [
  'Intro written by hand.  Two spaces, a trailing space ',
  '',
  '<!-- madtea:section:status -->',
  'Status: drafting',
  '- [ ] review',
  '<!-- /madtea:section:status -->',
  '',
  'Middle text stays.',
  '',
  '<!-- madtea:section:links -->',
  '- https://example.org/a',
  '<!-- /madtea:section:links -->',
  'Footer without a final line break',
].join('\n');

for (const target of forgeTargets()) {
  test.describe(target, () => {
    test.use({ forgeTarget: target });

    test('a section edited alone leaves the rest of the body byte-identical', async ({ context, forge }, info) => {
      const issue = await forge.createIssue(BODY);
      await forge.signIn(context, 'editor');
      const page = await openPage(context, issue.url);
      const tools = postTools(post(page, 0));

      await expect(tools.getByRole('toolbar')).toContainText('Sections:');
      await tools.getByRole('button', { name: 'Edit section status' }).click();
      const text = tools.getByRole('textbox', { name: 'Text of section status' });
      await expect(text).toHaveValue('Status: drafting\n- [ ] review\n');
      await snapshot(page, info, 'section-editor');

      await text.fill('Status: in review\n- [x] review\n- [ ] merge');
      await tools.getByRole('button', { name: 'Save section' }).click();
      await expect(savedToasts(page)).toContainText('Rewrote section ‘status’');
      await expect(text).toHaveCount(0);

      const expected = BODY.replace('Status: drafting\n- [ ] review\n', 'Status: in review\n- [x] review\n- [ ] merge\n');
      await expect.poll(() => forge.readBody(issue.post)).toBe(expected);
      await expect(post(page, 0)).toContainText('in review');
      await snapshot(page, info, 'section-saved');
    });

    test('a section changed on the server meanwhile is not overwritten', async ({ context, forge }) => {
      const issue = await forge.createIssue(BODY);
      await forge.signIn(context, 'editor');
      const page = await openPage(context, issue.url);
      const tools = postTools(post(page, 0));

      await tools.getByRole('button', { name: 'Edit section status' }).click();
      const text = tools.getByRole('textbox', { name: 'Text of section status' });
      await expect(text).toHaveValue('Status: drafting\n- [ ] review\n');
      const theirs = BODY.replace('Status: drafting', 'Status: blocked');
      await forge.writeBody(issue.post, theirs);

      await text.fill('Status: done\n');
      await tools.getByRole('button', { name: 'Save section' }).click();
      await expect(page.locator('noclobber-ui[data-kind="page"]').getByRole('dialog')).toContainText('Status: blocked');
      expect(await forge.readBody(issue.post)).toBe(theirs);
    });

    test('a new section and text at the end are added without touching the rest', async ({ context, forge }, info) => {
      const issue = await forge.createIssue(BODY);
      await forge.signIn(context, 'editor');
      const page = await openPage(context, issue.url);
      const tools = postTools(post(page, 0));

      await tools.getByRole('button', { name: '+ Add to end' }).click();
      await tools.getByRole('textbox', { name: 'Text to add' }).fill('Added at the end.');
      await snapshot(page, info, 'append-editor');
      await tools.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(savedToasts(page)).toContainText('Added text at the end');
      const appended = `${BODY}\n\nAdded at the end.`;
      await expect.poll(() => forge.readBody(issue.post)).toBe(appended);

      await tools.getByRole('button', { name: '+ Add section' }).click();
      await tools.getByRole('textbox', { name: 'Section name' }).fill('status');
      await tools.getByRole('textbox', { name: 'Text of the new section' }).fill('dup');
      await tools.getByRole('button', { name: 'Add section', exact: true }).click();
      await expect(tools.getByRole('alert')).toContainText('already a section');

      await tools.getByRole('textbox', { name: 'Section name' }).fill('decisions');
      await tools.getByRole('textbox', { name: 'Text of the new section' }).fill('We ship on Friday.');
      await tools.getByRole('button', { name: 'Add section', exact: true }).click();
      await expect(savedToasts(page)).toContainText('Rewrote section ‘decisions’');
      await expect
        .poll(() => forge.readBody(issue.post))
        .toBe(`${appended}\n\n<!-- madtea:section:decisions -->\nWe ship on Friday.\n<!-- /madtea:section:decisions -->`);
      await expect(tools.getByRole('button', { name: 'Edit section decisions' })).toBeVisible();
      await snapshot(page, info, 'section-added');
    });
  });
}
