// The UI bundle (src/page/ui-bundle.ts), built as /overlay.js and listed nowhere in the
// manifest. The background runs it in a forge page's frame when the content script there asks
// ('load-ui'); it then shares the content script's isolated world and hands the bundle over
// through a global of that world (src/page/ui-handover.ts).
import { uiBundle } from '../src/page/ui-bundle';
import { handOverUi } from '../src/page/ui-handover';

export default defineUnlistedScript({
  // No named global: the script's only trace in the world is the hand-over.
  globalName: false,
  main() {
    handOverUi(uiBundle);
  },
});
