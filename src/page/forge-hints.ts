// What a forge page says about the forge itself: which forge, which version, and the old-scheme
// CSRF token (forge-facts §1, §3). Capabilities are decided per post from the DOM; these are
// hints passed along with each edit.
import type { ForgeKind } from '../protocol/index';
import {
  ATTR_HX_HEADERS,
  ATTR_THEME,
  CSRF_HEADER_KEY,
  CSRF_HX_HEADERS_HOST,
  CSRF_INPUT,
  FOOTER,
  FORGEJO_HOME_LINK,
  GITEA_HOME_LINK,
  VERSIONED_ASSET,
} from './selectors';

export interface ForgeHints {
  forge: ForgeKind | null;
  /** e.g. '1.23.4' or '11.0.1'. */
  forgeVersion: string | null;
  csrfToken: string | null;
}

/** `1.22.3`, `v11.0.1`, `11.0.1~gitea-1.22.0`, `1.24.0+dev-12-gabc` → the leading release number. */
export function normalizeVersion(raw: string): string | null {
  const match = /^v?(\d+(?:\.\d+){0,3})/.exec(raw.trim());
  return match?.[1] ?? null;
}

function versionInFooter(doc: Document): string | null {
  for (const footer of doc.querySelectorAll(FOOTER)) {
    const match = /Version:\s*(\S+)/.exec(footer.textContent ?? '');
    if (match?.[1] !== undefined) return match[1];
  }
  return null;
}

function versionInAssets(doc: Document): string | null {
  for (const asset of doc.querySelectorAll(VERSIONED_ASSET)) {
    const url = asset.getAttribute('src') ?? asset.getAttribute('href') ?? '';
    const match = /[?&]v=([^&#]+)/.exec(url);
    if (match?.[1] !== undefined) return decodeURIComponent(match[1]);
  }
  return null;
}

function forgeOfTheme(theme: string | null): ForgeKind | null {
  if (theme === null) return null;
  if (theme.startsWith('forgejo')) return 'forgejo';
  if (theme.startsWith('gitea')) return 'gitea';
  return null;
}

/** The token of the old CSRF scheme, or null on forges that check origins instead. */
export function readCsrfToken(doc: Document): string | null {
  const host = doc.querySelector(CSRF_HX_HEADERS_HOST);
  const headers = host?.getAttribute(ATTR_HX_HEADERS);
  if (headers) {
    try {
      const parsed: unknown = JSON.parse(headers);
      if (typeof parsed === 'object' && parsed !== null) {
        for (const [key, value] of Object.entries(parsed)) {
          if (key.toLowerCase() === CSRF_HEADER_KEY && typeof value === 'string' && value !== '') return value;
        }
      }
    } catch {
      // Not JSON: fall through to the form fields.
    }
  }
  const input = doc.querySelector<HTMLInputElement>(CSRF_INPUT);
  return input?.value ? input.value : null;
}

export function readForgeHints(doc: Document): ForgeHints {
  const rawVersion = versionInFooter(doc) ?? versionInAssets(doc);
  const fromLink: ForgeKind | null = doc.querySelector(FORGEJO_HOME_LINK)
    ? 'forgejo'
    : doc.querySelector(GITEA_HOME_LINK)
      ? 'gitea'
      : null;
  // Forgejo's version string names the Gitea release it forked from: `11.0.1~gitea-1.22.0`.
  const fromVersion: ForgeKind | null = rawVersion !== null && /[~+]gitea-/.test(rawVersion) ? 'forgejo' : null;
  return {
    forge: fromLink ?? fromVersion ?? forgeOfTheme(doc.documentElement.getAttribute(ATTR_THEME)),
    forgeVersion: rawVersion === null ? null : normalizeVersion(rawVersion),
    csrfToken: readCsrfToken(doc),
  };
}
