// The one reading of a forge page's hints, shared by the content script and the background.
import { describe, expect, it } from 'vitest';
import { csrfTokenInHxHeaders, forgeHintsOf, forgeOfTheme, normalizeVersion, versionInAssetUrl, versionInFooterText } from './forge-hints';

describe('forge page hints', () => {
  it('read the version from the footer text and from asset URLs', () => {
    expect(versionInFooterText('Powered by Gitea Version: 1.26.0 Page: 2ms')).toBe('1.26.0');
    expect(versionInFooterText('Powered by Forgejo Version: 11.0.1+gitea-1.22.0 Page: 2ms')).toBe('11.0.1+gitea-1.22.0');
    expect(versionInFooterText('Version: unknown')).toBe(null);
    expect(versionInAssetUrl('/assets/js/index.js?v=1.22.3')).toBe('1.22.3');
    expect(versionInAssetUrl('/assets/js/index.js?x=1&v=11.0.1%2Bgitea-1.22.0')).toBe('11.0.1+gitea-1.22.0');
    // A broken escape is kept as it stands rather than thrown.
    expect(versionInAssetUrl('/index.js?v=1.2%E')).toBe('1.2%E');
    expect(versionInAssetUrl('/index.js')).toBe(null);
    expect(versionInAssetUrl(null)).toBe(null);
  });

  it('keep the leading release number of a version', () => {
    expect(normalizeVersion('11.0.1~gitea-1.22.0')).toBe('11.0.1');
    expect(normalizeVersion('1.24.0+dev-12-gabc')).toBe('1.24.0');
    expect(normalizeVersion('dev')).toBe(null);
  });

  it('find the CSRF token in hx-headers only when it is JSON holding one', () => {
    expect(csrfTokenInHxHeaders('{"X-Csrf-Token": "abc"}')).toBe('abc');
    expect(csrfTokenInHxHeaders('{"x-csrf-token": ""}')).toBe(null);
    expect(csrfTokenInHxHeaders('{"x-other": "abc"}')).toBe(null);
    expect(csrfTokenInHxHeaders('not json')).toBe(null);
    expect(csrfTokenInHxHeaders('"abc"')).toBe(null);
    expect(csrfTokenInHxHeaders(null)).toBe(null);
  });

  it('name the forge by home link, then by a Forgejo version string, then by theme', () => {
    expect(forgeOfTheme('gitea-dark')).toBe('gitea');
    expect(forgeOfTheme('forgejo-auto')).toBe('forgejo');
    expect(forgeOfTheme('arc-green')).toBe(null);
    const hints = (forgeFromLink: 'gitea' | 'forgejo' | null, rawVersion: string | null, theme: string | null) =>
      forgeHintsOf({ forgeFromLink, theme, rawVersion, csrfToken: 't' });
    expect(hints('gitea', '11.0.1+gitea-1.22.0', 'forgejo-auto').forge).toBe('gitea');
    expect(hints(null, '11.0.1+gitea-1.22.0', 'gitea-auto')).toEqual({ forge: 'forgejo', forgeVersion: '11.0.1', csrfToken: 't' });
    expect(hints(null, '1.26.0', 'gitea-dark')).toEqual({ forge: 'gitea', forgeVersion: '1.26.0', csrfToken: 't' });
    expect(hints(null, null, null)).toEqual({ forge: null, forgeVersion: null, csrfToken: 't' });
  });
});
