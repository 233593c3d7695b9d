// What a forge page says about the forge itself: which forge, which version, and the old-scheme
// CSRF token (forge-facts §1, §3), read from the live DOM. Capabilities are decided per post from
// the DOM; these are hints passed along with each edit. The values are interpreted by the same
// code the background uses on pages it fetches (src/protocol/forge-hints).
import { csrfTokenInHxHeaders, forgeHintsOf, versionInAssetUrl, versionInFooterText, type ForgeHints, type ForgeKind } from '../protocol/index';
import {
  ATTR_HX_HEADERS,
  ATTR_THEME,
  CSRF_HX_HEADERS_HOST,
  CSRF_INPUT,
  FOOTER,
  FORGEJO_HOME_LINK,
  GITEA_HOME_LINK,
  VERSIONED_ASSET,
} from './selectors';

export type { ForgeHints };

function versionInFooter(doc: Document): string | null {
  for (const footer of doc.querySelectorAll(FOOTER)) {
    const version = versionInFooterText(footer.textContent ?? '');
    if (version !== null) return version;
  }
  return null;
}

function versionInAssets(doc: Document): string | null {
  for (const asset of doc.querySelectorAll(VERSIONED_ASSET)) {
    const version = versionInAssetUrl(asset.getAttribute('src') ?? asset.getAttribute('href'));
    if (version !== null) return version;
  }
  return null;
}

/** The token of the old CSRF scheme, or null on forges that check origins instead. */
export function readCsrfToken(doc: Document): string | null {
  const fromHeaders = csrfTokenInHxHeaders(doc.querySelector(CSRF_HX_HEADERS_HOST)?.getAttribute(ATTR_HX_HEADERS) ?? null);
  if (fromHeaders !== null) return fromHeaders;
  const input = doc.querySelector<HTMLInputElement>(CSRF_INPUT);
  return input?.value ? input.value : null;
}

export function readForgeHints(doc: Document): ForgeHints {
  const forgeFromLink: ForgeKind | null = doc.querySelector(FORGEJO_HOME_LINK) ? 'forgejo' : doc.querySelector(GITEA_HOME_LINK) ? 'gitea' : null;
  return forgeHintsOf({
    forgeFromLink,
    theme: doc.documentElement.getAttribute(ATTR_THEME),
    rawVersion: versionInFooter(doc) ?? versionInAssets(doc),
    csrfToken: readCsrfToken(doc),
  });
}
