// What a forge page says about the forge itself (forge-facts §3): which forge, which version,
// and whether writes need the old CSRF token. Capabilities are still decided per post from
// the DOM (see read-page.ts); the version is only a hint for choosing how to read.
import { csrfTokenInHxHeaders, forgeHintsOf, versionInAssetUrl, versionInFooterText, type ForgeHints, type ForgeKind } from '../protocol/index';
import { attr, elementsUnder, hasClass, textOf } from './html-tree';
import type { DefaultTreeAdapterTypes } from 'parse5';

/** What the page says about its forge; interpreted by the same code the content script uses. */
export type PageHints = ForgeHints;

export function detectPage(doc: DefaultTreeAdapterTypes.Document): PageHints {
  let forgeFromLink: ForgeKind | null = null;
  let theme: string | null = null;
  let footerVersion: string | null = null;
  let assetVersion: string | null = null;
  let hxToken: string | null = null;
  let inputToken: string | null = null;
  let metaToken: string | null = null;

  for (const el of elementsUnder(doc)) {
    switch (el.tagName) {
      case 'html':
        theme ??= attr(el, 'data-theme');
        break;
      case 'body':
        hxToken ??= csrfTokenInHxHeaders(attr(el, 'hx-headers'));
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
        footerVersion ??= versionInFooterText(textOf(el));
        break;
      case 'script':
      case 'link':
        assetVersion ??= versionInAssetUrl(attr(el, 'src') ?? attr(el, 'href'));
        break;
    }
    if (footerVersion === null && hasClass(el, 'page-footer')) footerVersion = versionInFooterText(textOf(el));
  }

  return forgeHintsOf({ forgeFromLink, theme, rawVersion: footerVersion ?? assetVersion, csrfToken: hxToken ?? inputToken ?? metaToken });
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

/** Whether `version` is at least `major.minor`. Unknown versions answer null. */
export function versionAtLeast(version: string | null, major: number, minor: number): boolean | null {
  if (version === null) return null;
  const match = /^(\d+)(?:\.(\d+))?/.exec(version);
  if (!match) return null;
  const ma = Number(match[1]);
  const mi = Number(match[2] ?? '0');
  return ma > major || (ma === major && mi >= minor);
}
