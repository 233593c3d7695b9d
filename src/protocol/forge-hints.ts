// What a forge page's own markup says about the forge (forge-facts §3): which forge, which
// version, and the old-scheme CSRF token. The content script reads the values from the live DOM
// and the background from a fetched page parsed with parse5; both interpret them here, so the
// two never disagree about the same page.
import type { ForgeKind } from './page-facts';

export interface ForgeHints {
  forge: ForgeKind | null;
  /** e.g. '1.23.4' or '11.0.1'. */
  forgeVersion: string | null;
  /** The old-scheme CSRF token, or null on forges that check origins instead. */
  csrfToken: string | null;
}

/** `<html data-theme="gitea-dark">`, `forgejo-auto`, …: the built-in themes name their forge. */
export function forgeOfTheme(theme: string | null): ForgeKind | null {
  if (theme === null) return null;
  if (theme.startsWith('forgejo-')) return 'forgejo';
  if (theme.startsWith('gitea-')) return 'gitea';
  return null;
}

/** The footer's `Version: 1.22.3` (or `11.0.1+gitea-1.22.0`). */
export function versionInFooterText(text: string): string | null {
  return /Version:\s*([0-9][0-9A-Za-z.+~_-]*)/.exec(text)?.[1] ?? null;
}

/** The `?v=` of a versioned script or stylesheet URL. */
export function versionInAssetUrl(url: string | null): string | null {
  if (url === null) return null;
  const match = /[?&]v=([0-9][0-9A-Za-z.+~_%-]*)/.exec(url);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** The token in `<body hx-headers='{"x-csrf-token": "…"}'>`, if the value is JSON holding one. */
export function csrfTokenInHxHeaders(value: string | null): string | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null) return null;
    for (const [key, token] of Object.entries(parsed)) {
      if (key.toLowerCase() === 'x-csrf-token' && typeof token === 'string' && token !== '') return token;
    }
  } catch {
    // A page whose hx-headers is not JSON simply carries no token there.
  }
  return null;
}

/** '11.0.1~gitea-1.22.0' → '11.0.1'; '1.22.3+dev-12' → '1.22.3'; null when it starts with no number. */
export function normalizeVersion(raw: string): string | null {
  return /^\d+(?:\.\d+)*/.exec(raw)?.[0] ?? null;
}

/**
 * The hints from what was found on the page. The footer's home link is the surest sign of the
 * forge; Forgejo's version string names the Gitea release it forked from; the theme comes last.
 */
export function forgeHintsOf(found: { forgeFromLink: ForgeKind | null; theme: string | null; rawVersion: string | null; csrfToken: string | null }): ForgeHints {
  const { rawVersion } = found;
  const forgeFromVersion: ForgeKind | null = rawVersion !== null && /[~+]gitea-/.test(rawVersion) ? 'forgejo' : null;
  return {
    forge: found.forgeFromLink ?? forgeFromVersion ?? forgeOfTheme(found.theme),
    forgeVersion: rawVersion === null ? null : normalizeVersion(rawVersion),
    csrfToken: found.csrfToken,
  };
}
