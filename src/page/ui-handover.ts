// How overlay.js hands the UI bundle to the content script. The background runs overlay.js in
// the content script's own frame and world (the extension's isolated world), and the bundle is
// left there on a global. Page scripts live in another world and cannot see or set that global,
// nor can other extensions: this is a hand-over between two scripts of this extension, not a
// channel to or from the page. A registered symbol as the key cannot clash with a named global.
import type { UiBundle } from './ui-bundle';

const KEY = Symbol.for('noclobber.ui-bundle');

type Scope = Record<symbol, unknown>;

/** Leaves the bundle for the content script; a bundle already there (a second run) stays. */
export function handOverUi(bundle: UiBundle, scope: object = globalThis): void {
  (scope as Scope)[KEY] ??= bundle;
}

/** The bundle overlay.js left, or null before it ran. */
export function handedOverUi(scope: object = globalThis): UiBundle | null {
  const value = (scope as Scope)[KEY];
  return typeof value === 'object' && value !== null ? (value as UiBundle) : null;
}
