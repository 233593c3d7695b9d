// The overlay's stylesheet as text, for the shadow roots. The build minifies it.
import css from './overlay.css?inline';

export const OVERLAY_CSS: string = css;
