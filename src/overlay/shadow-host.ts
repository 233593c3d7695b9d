// Every piece of the overlay lives in its own shadow root: the forge's CSS cannot reach in and
// ours cannot leak out. The root is open so assistive technology and tests can see inside; the
// page cannot act through it, because every action that writes checks `event.isTrusted`.
import { OVERLAY_CSS } from './styles';

export interface ShadowHost {
  readonly host: HTMLElement;
  /** The element components render into; it carries the theme. */
  readonly mount: HTMLElement;
  setDark(dark: boolean): void;
  remove(): void;
}

/** The tag of every host element, so the page (and tests) can tell them from forge markup. */
export const HOST_TAG = 'noclobber-ui';

export function createShadowHost(doc: Document, place: (host: HTMLElement) => void, kind: 'post' | 'page'): ShadowHost {
  const host = doc.createElement(HOST_TAG);
  host.setAttribute('data-kind', kind);
  host.style.display = 'block';
  const root = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = OVERLAY_CSS;
  const mount = doc.createElement('div');
  mount.className = 'nc';
  root.append(style, mount);
  place(host);
  return {
    host,
    mount,
    setDark(dark) {
      mount.toggleAttribute('data-dark', dark);
    },
    remove() {
      host.remove();
    },
  };
}
