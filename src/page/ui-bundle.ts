// The UI bundle: everything the page features draw with or that needs jsdiff — Preact, the
// overlay components and their stylesheet, the diff rows, and the draft-to-patch code. It is
// built apart from the content script (entrypoints/overlay.ts → overlay.js) and loaded when a
// page first has a post the viewer may edit (src/page/ui-loader.ts), so the script injected into
// every forge page stays small.
import { createPageOverlay } from '../overlay/page-overlay';
import { createPostView } from '../overlay/post-view';
import { draftInSeedLineBreaks, draftToOp } from './draft-to-patch';

export const uiBundle = {
  createPageOverlay,
  createPostView,
  draftToOp,
  draftInSeedLineBreaks,
};

export type UiBundle = typeof uiBundle;
