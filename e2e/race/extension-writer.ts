// A user with the extension making a tab writer's ops through its UI: real clicks on the boxes,
// the Edit menu's editor for note lines, the section editor for section lines. Each op's answer
// is the toast it produced; a refusal's conflict view is read and closed, as a user would.
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { box, chooseEdit, conflictDialog, post, postTools } from '../ui';
import { sectionName, type RaceOp } from './plan';
import type { OpRecord } from './tally';
import type { Contest, Progress } from './writer';
import { startToastLog, toastCount, toastsFrom, waitForToastAfter } from './toast-log';

const ANSWER_TIMEOUT_MS = 30_000;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Waits for the toast an op produced (the first one after `since`), closing a conflict view. */
async function answerOf(page: Page, since: number): Promise<Pick<OpRecord, 'outcome' | 'message'>> {
  await waitForToastAfter(page, since, ANSWER_TIMEOUT_MS);
  const [toast] = await toastsFrom(page, since);
  if (toast === undefined) throw new Error('the toast log lost a toast');
  if (toast.ok) return { outcome: 'saved', message: toast.text };
  // A refusal that came with the live body also opens the conflict view.
  const dialog = conflictDialog(page);
  const opened = await dialog.waitFor({ state: 'visible', timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (opened) {
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
  return { outcome: 'refused', message: opened ? `${toast.text} [conflict view]` : toast.text };
}

/** Edits one line in an open editor's text field and saves. */
async function editLine(page: Page, textLabel: string, saveLabel: string, op: Extract<RaceOp, { kind: 'line' }>, contest: Contest): Promise<void> {
  const tools = postTools(post(page, 0));
  const text = tools.getByRole('textbox', { name: textLabel });
  // The editor is seeded from a fresh read of the live text.
  await expect(text).toHaveValue(new RegExp(`^${escapeRegExp(op.before)}$`, 'm'));
  const seed = await text.inputValue();
  await text.fill(seed.replace(op.before, op.after));
  if (op.contested === true) await contest(op);
  await tools.getByRole('button', { name: saveLabel, exact: true }).click();
}

async function closeEditor(page: Page, textLabel: string): Promise<void> {
  const tools = postTools(post(page, 0));
  // The draft is kept after a refusal; discarding it asks for confirmation (accepted below).
  await tools.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(tools.getByRole('textbox', { name: textLabel })).toHaveCount(0);
}

async function runOp(page: Page, op: RaceOp, contest: Contest): Promise<OpRecord> {
  const since = await toastCount(page);
  if (op.kind === 'tick') {
    const checkbox = box(post(page, 0), op.label);
    await checkbox.click();
    const answer = await answerOf(page, since);
    if (answer.outcome === 'saved') await expect(checkbox).toBeChecked();
    else await expect(checkbox).not.toBeChecked();
    return { op, ...answer };
  }
  const textLabel = op.via === 'editor' ? 'Text of the description' : `Text of section ${sectionName(op.writer)}`;
  if (op.via === 'editor') {
    await chooseEdit(page, 0);
    await editLine(page, textLabel, 'Save', op, contest);
  } else {
    await postTools(post(page, 0)).getByRole('button', { name: `Edit section ${sectionName(op.writer)}` }).click();
    await editLine(page, textLabel, 'Save section', op, contest);
  }
  const answer = await answerOf(page, since);
  if (answer.outcome === 'saved') await expect(postTools(post(page, 0)).getByRole('textbox', { name: textLabel })).toHaveCount(0);
  else await closeEditor(page, textLabel);
  return { op, ...answer };
}

/** Makes the ops one after another on an open page of the post, the extension running. */
export async function runExtensionTab(page: Page, ops: readonly RaceOp[], progress: Progress, contest: Contest): Promise<OpRecord[]> {
  page.on('dialog', (dialog) => void dialog.accept());
  await startToastLog(page);
  const records: OpRecord[] = [];
  for (const op of ops) {
    records.push(await runOp(page, op, contest));
    progress.done++;
  }
  return records;
}
