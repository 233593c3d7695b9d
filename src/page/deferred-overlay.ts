// The page-wide overlay as the page features see it from the start. The overlay itself comes
// with the UI bundle; calls made before the bundle is there wait for it, in order, so a tick
// made at once still gets its toast, just a little later. If the bundle cannot be loaded the
// page keeps working: toasts are logged, a conflict view closes and a review says no.
import type { ConflictChoice } from '../overlay/ConflictView';
import type { PageOverlay } from '../overlay/page-overlay';
import { shareLoad, type UiLoader } from './ui-loader';

export interface DeferredOverlay extends PageOverlay {
  /** Loads the bundle and puts the overlay on the page now, so its live regions exist before the first toast. */
  prepare(): void;
}

export function createDeferredOverlay(doc: Document, signal: AbortSignal, loadUi: UiLoader): DeferredOverlay {
  let dark = false;
  let shown: PageOverlay | null = null;

  const overlay = shareLoad(async () => {
    const ui = await loadUi();
    if (signal.aborted) throw new Error('the page features stopped');
    shown = ui.createPageOverlay(doc, signal);
    shown.setDark(dark);
    return shown;
  });

  const report = (what: string, error: unknown): void => {
    if (!signal.aborted) console.error(`noclobber: ${what}`, error);
  };

  return {
    prepare() {
      overlay().catch((error: unknown) => report('the page UI did not load', error));
    },
    toast(result) {
      overlay().then(
        (page) => page.toast(result),
        (error: unknown) => report(`could not show the outcome of a ${result.verb}`, error),
      );
    },
    conflict(request) {
      return overlay().then(
        (page) => page.conflict(request),
        (error: unknown): ConflictChoice => {
          report('could not show the conflict view', error);
          return 'close';
        },
      );
    },
    review(title, before, after) {
      return overlay().then(
        (page) => page.review(title, before, after),
        (error: unknown) => {
          // Nothing is written without the review the policy asks for.
          report('could not show the review', error);
          return false;
        },
      );
    },
    setDark(next) {
      dark = next;
      shown?.setDark(dark);
    },
  };
}
