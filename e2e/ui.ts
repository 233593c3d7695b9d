// What the specs share about the page: opening a post with the extension running, finding its
// checkboxes and the extension's controls, and saving screenshots in light and dark.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures';
import { COMMENT_HEADER, CONTEXT_MENU_TOGGLE, POST_BODY, RENDER_BLOCK, TASK_CHECKBOX_IN_LIST_ITEM } from '../src/page/selectors';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

/** Opens a page and waits until the extension's features run on it. */
export async function openPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-noclobber', 'active');
  return page;
}

/**
 * Opens `url` in a new window of `beside`'s browser. Two tabs of one window cannot both be
 * driven at once: the one behind gets no animation frames, and its timers slow to a crawl.
 */
export async function openInNewWindow(beside: Page, url: string): Promise<Page> {
  const context = beside.context();
  const cdp = await context.newCDPSession(beside);
  try {
    const opened = context.waitForEvent('page');
    await cdp.send('Target.createTarget', { url: 'about:blank', newWindow: true });
    const page = await opened;
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('data-noclobber', 'active');
    return page;
  } finally {
    await cdp.detach();
  }
}

/** The n-th post on the page (0 is the description). */
export function post(page: Page, n: number): Locator {
  return page.locator(POST_BODY).nth(n);
}

/** The checkbox of the task item whose text is exactly `label`, in a post. */
export function box(postLocator: Locator, label: string): Locator {
  const exactly = new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  return postLocator.locator(RENDER_BLOCK).getByRole('listitem').filter({ hasText: exactly }).locator(TASK_CHECKBOX_IN_LIST_ITEM);
}

/** The header (with its context menu) of the n-th post. */
export function header(page: Page, n: number): Locator {
  return page.locator(COMMENT_HEADER).nth(n);
}

/** Opens the n-th post's context menu and chooses "Edit" (which the extension takes over). */
export async function chooseEdit(page: Page, n: number): Promise<void> {
  await header(page, n).locator(CONTEXT_MENU_TOGGLE).click();
  await header(page, n).getByRole('menuitem', { name: 'Edit' }).click();
}

/** The extension's page-wide layer (toasts, dialogs). */
export function overlay(page: Page): Locator {
  return page.locator('noclobber-ui[data-kind="page"]');
}

/** The toast region of confirmations, and the one of refusals. */
export function savedToasts(page: Page): Locator {
  return overlay(page).getByRole('status');
}
export function refusedToasts(page: Page): Locator {
  return overlay(page).getByRole('alert');
}

/** The conflict dialog, when open. */
export function conflictDialog(page: Page): Locator {
  return overlay(page).getByRole('dialog');
}

/**
 * Waits for an edit made in a tab that may be stale to land. With a lock the engine re-applies
 * the anchored op on the newer body by itself. Without one (Gitea ≤1.22, Forgejo ≤7) it writes
 * only over the body the page showed, so a stale tab gets the conflict view, whose "apply my
 * change" sends the same op against the live text.
 */
export async function expectLanded(page: Page, toastText: string, forgeHasLock: boolean): Promise<void> {
  const toast = savedToasts(page).getByText(toastText);
  if (!forgeHasLock) {
    const apply = conflictDialog(page).getByRole('button', { name: 'Apply my change to the live text' });
    await expect(toast.or(apply)).toBeVisible();
    if (await apply.isVisible()) await apply.click();
  }
  await expect(toast).toBeVisible();
}

/** The extension's controls under a post. */
export function postTools(postLocator: Locator): Locator {
  return postLocator.locator('noclobber-ui[data-kind="post"]');
}

function safe(text: string): string {
  return text.replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^-|-$/g, '');
}

/**
 * Saves the page as it is now, in the light and the dark theme (the forges' `auto` theme and the
 * extension both follow the system scheme), under e2e/artifacts/.
 */
export async function snapshot(page: Page, info: TestInfo, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const base = `${safe(info.titlePath.slice(1).join('-')).slice(0, 90)}-${safe(name)}`;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // Let the theme switch settle (the overlay follows the media query change).
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${ARTIFACTS}${base}-${scheme}.png`, fullPage: false });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
