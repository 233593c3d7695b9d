// Unit tests take the UI bundle straight from its module: there is no background to run
// overlay.js for them, and what the bundle does is the same either way.
import type { UiLoader } from '../ui-loader';

export const directUiLoader: UiLoader = () => import('../ui-bundle').then((module) => module.uiBundle);
