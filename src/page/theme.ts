// Which theme the forge shows: `<html data-theme>` names it (`gitea-dark`, `forgejo-auto`,
// `arc-green`, …); an `auto` theme follows the system's colour scheme.
import { ATTR_THEME } from './selectors';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isDarkTheme(theme: string | null, systemDark: boolean): boolean {
  if (theme === null) return systemDark;
  if (theme.includes('dark') || theme === 'arc-green') return true;
  if (theme.includes('light')) return false;
  return theme.includes('auto') ? systemDark : false;
}

export function pageIsDark(doc: Document): boolean {
  const view = doc.defaultView;
  const systemDark = view?.matchMedia?.(DARK_QUERY).matches ?? false;
  return isDarkTheme(doc.documentElement.getAttribute(ATTR_THEME), systemDark);
}

/** Calls `onChange` when the page's theme or the system's scheme changes. */
export function watchTheme(doc: Document, onChange: (dark: boolean) => void, signal: AbortSignal): void {
  const update = (): void => onChange(pageIsDark(doc));
  const observer = new MutationObserver(update);
  observer.observe(doc.documentElement, { attributes: true, attributeFilter: [ATTR_THEME] });
  doc.defaultView?.matchMedia?.(DARK_QUERY).addEventListener('change', update, { signal });
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });
}
