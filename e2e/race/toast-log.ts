// Every toast the extension shows on a page, in order, kept by the page itself. The overlay
// keeps only the last few toasts on screen, so counting what is visible cannot tell one op's
// answer from the next; a log of each toast as it appears can.
import type { Page } from '@playwright/test';

export interface LoggedToast {
  ok: boolean;
  text: string;
}

interface ToastLogWindow {
  __raceToasts?: LoggedToast[];
}

/** Starts logging on the page (once; the log lives as long as the document). */
export async function startToastLog(page: Page): Promise<void> {
  await page.evaluate(() => {
    const win = window as unknown as ToastLogWindow;
    if (win.__raceToasts !== undefined) return;
    const log: LoggedToast[] = [];
    win.__raceToasts = log;
    const seen = new WeakSet<Element>();
    const collect = (root: ParentNode): void => {
      for (const toast of root.querySelectorAll('[data-toast]')) {
        if (seen.has(toast)) continue;
        seen.add(toast);
        log.push({ ok: toast.getAttribute('data-toast') === 'ok', text: toast.querySelector('.msg')?.textContent ?? '' });
      }
    };
    const watched = new WeakSet<ShadowRoot>();
    const watchHosts = (): void => {
      for (const host of document.querySelectorAll('noclobber-ui')) {
        const root = host.shadowRoot;
        if (root === null || watched.has(root)) continue;
        watched.add(root);
        collect(root);
        new MutationObserver(() => collect(root)).observe(root, { childList: true, subtree: true });
      }
    };
    watchHosts();
    // The page-wide host may be created (or re-created) after this runs.
    new MutationObserver(watchHosts).observe(document.body, { childList: true });
  });
}

export async function toastCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as ToastLogWindow).__raceToasts?.length ?? 0);
}

export async function toastsFrom(page: Page, start: number): Promise<LoggedToast[]> {
  return page.evaluate((from) => ((window as unknown as ToastLogWindow).__raceToasts ?? []).slice(from), start);
}

/** Resolves once the page has logged more than `since` toasts. */
export async function waitForToastAfter(page: Page, since: number, timeout: number): Promise<void> {
  await page.waitForFunction((count) => ((window as unknown as ToastLogWindow).__raceToasts?.length ?? 0) > count, since, { timeout, polling: 'raf' });
}
