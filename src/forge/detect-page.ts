// What a forge page says about the forge itself (forge-facts §3): which forge, which version,
// and whether writes need the old CSRF token. Capabilities are still decided per post from
// the DOM (see read-page.ts); the version is only a hint for choosing how to read.
import type { ForgeKind } from '../protocol/index';
import { attr, elementsUnder, hasClass, textOf, type HtmlElement } from './html-tree';
import type { DefaultTreeAdapterTypes } from 'parse5';

export interface PageHints {
  forge: ForgeKind | null;
  forgeVersion: string | null;
  /** The old-scheme CSRF token, when the page carries one. */
  csrfToken: string | null;
}

export function detectPage(doc: DefaultTreeAdapterTypes.Document): PageHints {
  let forgeFromLink: ForgeKind | null = null;
  let forgeFromTheme: ForgeKind | null = null;
  let footerVersion: string | null = null;
  let assetVersion: string | null = null;
  let hxToken: string | null = null;
  let inputToken: string | null = null;
  let metaToken: string | null = null;

  for (const el of elementsUnder(doc)) {
    switch (el.tagName) {
      case 'html':
        forgeFromTheme ??= forgeFromThemeName(attr(el, 'data-theme'));
        break;
      case 'body':
        hxToken ??= tokenFromHxHeaders(attr(el, 'hx-headers'));
        break;
      case 'input':
        if (attr(el, 'name') === '_csrf') inputToken ??= nonEmpty(attr(el, 'value'));
        break;
      case 'meta':
        if (attr(el, 'name') === '_csrf') metaToken ??= nonEmpty(attr(el, 'content'));
        break;
      case 'a':
        forgeFromLink ??= forgeFromHomeLink(attr(el, 'href'));
        break;
      case 'footer':
        footerVersion ??= versionFromFooter(el);
        break;
      case 'script':
      case 'link':
        assetVersion ??= versionFromAssetUrl(attr(el, 'src') ?? attr(el, 'href'));
        break;
    }
    if (footerVersion === null && hasClass(el, 'page-footer')) footerVersion = versionFromFooter(el);
  }

  const rawVersion = footerVersion ?? assetVersion;
  const forgeFromVersion: ForgeKind | null = rawVersion !== null && /[~+]gitea-/.test(rawVersion) ? 'forgejo' : null;
  return {
    forge: forgeFromLink ?? forgeFromVersion ?? forgeFromTheme,
    forgeVersion: rawVersion === null ? null : normalizeVersion(rawVersion),
    csrfToken: hxToken ?? inputToken ?? metaToken,
  };
}

function nonEmpty(value: string | null): string | null {
  return value !== null && value !== '' ? value : null;
}

function forgeFromHomeLink(href: string | null): ForgeKind | null {
  if (href === null) return null;
  const h = href.replace(/\/+$/, '');
  if (h === 'https://about.gitea.com' || h === 'https://gitea.com' || h === 'https://gitea.io') return 'gitea';
  if (h === 'https://forgejo.org') return 'forgejo';
  return null;
}

function forgeFromThemeName(theme: string | null): ForgeKind | null {
  if (theme === null) return null;
  if (theme.startsWith('forgejo-')) return 'forgejo';
  if (theme.startsWith('gitea-')) return 'gitea';
  return null;
}

function tokenFromHxHeaders(value: string | null): string | null {
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

function versionFromFooter(footer: HtmlElement): string | null {
  const match = /Version:\s*([0-9][0-9A-Za-z.+~_-]*)/.exec(textOf(footer));
  return match?.[1] ?? null;
}

function versionFromAssetUrl(url: string | null): string | null {
  if (url === null) return null;
  const match = /[?&]v=([0-9][0-9A-Za-z.+~_%-]*)/.exec(url);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** '11.0.1~gitea-1.22.0' → '11.0.1'; '1.22.3+dev-12' → '1.22.3'. */
export function normalizeVersion(raw: string): string {
  return /^\d+(?:\.\d+)*/.exec(raw)?.[0] ?? raw;
}

/** Whether `version` is at least `major.minor`. Unknown versions answer null. */
export function versionAtLeast(version: string | null, major: number, minor: number): boolean | null {
  if (version === null) return null;
  const match = /^(\d+)(?:\.(\d+))?/.exec(version);
  if (!match) return null;
  const ma = Number(match[1]);
  const mi = Number(match[2] ?? '0');
  return ma > major || (ma === major && mi >= minor);
}
