// A user without the extension making a tab writer's ops with the forge's own page scripts: the
// native checkbox widget for ticks and the native Edit flow (a whole-body save) for every line
// edit. The user reads the forge's error toast and reloads the page after one, as it asks; a
// refused op is not redone.
import type { Page, Response } from '@playwright/test';
import { expect } from '../fixtures';
import { box, chooseEdit, post } from '../ui';
import type { RaceOp } from './plan';
import type { OpRecord } from './tally';
import type { Contest, Progress } from './writer';

/** How long a click may go unanswered before it counts as swallowed (no request at all). */
const SWALLOW_MS = 5_000;

function isBodyWrite(response: Response): boolean {
  return response.request().method() === 'POST' && /\/(issues|pulls)\/\d+\/content$|\/comments\/\d+$/.test(new URL(response.url()).pathname);
}

/** Waits until the native widget has enabled the description's boxes (its init ran). */
async function nativeReady(page: Page): Promise<void> {
  await expect(post(page, 0).locator('input[type=checkbox][data-editable="true"]').first()).toBeAttached();
}

/** Opens the post with the forge's own scripts only. */
export async function openNativePage(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await nativeReady(page);
}

async function refusal(page: Page): Promise<string> {
  const toast = page.locator('.toast-container .toast-error').last();
  await expect(toast).toBeVisible();
  return (await toast.locator('.toast-body').innerText()).trim();
}

async function reload(page: Page): Promise<void> {
  // The widget starts at DOMContentLoaded; the load event adds nothing it needs.
  await page.reload({ waitUntil: 'domcontentloaded' });
  await nativeReady(page);
}

/** The body write the next action sends, or null when none is sent. Call just before the action. */
function nextWrite(page: Page): Promise<Response | null> {
  return page.waitForResponse(isBodyWrite, { timeout: SWALLOW_MS }).catch(() => null);
}

async function runOp(page: Page, op: RaceOp, contest: Contest): Promise<OpRecord> {
  if (op.kind === 'tick') {
    const checkbox = box(post(page, 0), op.label);
    await checkbox.scrollIntoViewIfNeeded();
    const answer = nextWrite(page);
    await checkbox.click();
    const response = await answer;
    if (response === null) {
      const shown = (await checkbox.isChecked()) ? 'the box shows the tick' : 'the box shows no tick';
      const enabled = (await checkbox.isEnabled()) ? 'enabled' : 'disabled';
      return { op, outcome: 'swallowed', message: `no request was sent; ${shown}; box ${enabled}` };
    }
    if (response.status() === 200) return { op, outcome: 'saved', message: '' };
    const message = await refusal(page);
    // The widget's bug: the box keeps the state the server refused, and every box of the post
    // stays blocked until the page is reloaded.
    const stuckBox = await checkbox.isChecked();
    await reload(page);
    return { op, outcome: 'refused', message, stuckBox };
  }
  await chooseEdit(page, 0);
  const zone = post(page, 0).locator('.edit-content-zone');
  const text = zone.locator('textarea');
  await expect(text).toBeVisible();
  const seed = await text.inputValue();
  if (!seed.split('\n').includes(op.before)) throw new Error(`the native editor does not show the line “${op.before}”`);
  const draft = seed.replace(op.before, op.after);
  await text.fill(draft);
  if (op.kind === 'line' && op.contested === true) await contest(op);
  const save = zone.getByRole('button', { name: 'Save', exact: true });
  await save.scrollIntoViewIfNeeded();
  const answer = nextWrite(page);
  await save.click();
  const response = await answer;
  if (response === null) return { op, outcome: 'swallowed', message: 'no request was sent' };
  if (response.status() === 200) {
    // The widget swaps in the new render once it has read the answer, and stores the text last:
    // the user goes on once the post shows the saved text.
    const raw = post(page, 0).locator('.raw-content');
    await expect.poll(() => raw.textContent()).toBe(draft);
    return { op, outcome: 'saved', message: '' };
  }
  const message = await refusal(page);
  await reload(page);
  return { op, outcome: 'refused', message };
}

/** Makes the ops one after another on an open page of the post, the forge's own scripts only. */
export async function runNativeTab(page: Page, ops: readonly RaceOp[], progress: Progress, contest: Contest): Promise<OpRecord[]> {
  const records: OpRecord[] = [];
  for (const op of ops) {
    records.push(await runOp(page, op, contest));
    progress.done++;
  }
  return records;
}
