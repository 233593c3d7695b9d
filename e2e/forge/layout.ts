// The page frame every HTML page of the double shares: <html data-theme>, the head with
// window.config and fingerprinted assets, the navbar, the footer that names forge and version,
// and the write-protection markers (body hx-headers with the CSRF token on old-scheme profiles).

import { assetUrls } from './assets';
import type { ForgeState, RequestContext, ThemeSetting } from './context';
import { csrfOwner } from './csrf';
import { attributes, escapeHtml } from './html-escape';

export interface PageParts {
  title: string;
  main: string;
  /** Extra class names for the main element. */
  mainClass?: string;
}

/** Theme to render: `?theme=` wins, then the user's setting, then auto (follow the OS). */
export function resolveTheme(state: ForgeState, ctx: RequestContext): ThemeSetting {
  const asked = ctx.url.searchParams.get('theme');
  if (asked === 'dark' || asked === 'light' || asked === 'auto') return asked;
  return (ctx.user && state.themes.get(ctx.user)) || 'auto';
}

/** The CSRF token to embed for this viewer, or null where the profile has no tokens. */
export function pageCsrfToken(state: ForgeState, ctx: RequestContext): string | null {
  if (state.profile.writeProtection !== 'token') return null;
  return state.csrf.tokenFor(csrfOwner(ctx.user));
}

export function csrfField(token: string | null): string {
  return token ? `<input type="hidden" name="_csrf" value="${escapeHtml(token)}">` : '';
}

function navbar(state: ForgeState, ctx: RequestContext, token: string | null): string {
  const here = ctx.url.pathname + ctx.url.search;
  const right = ctx.user
    ? `<span class="item" id="navbar-user"><img class="ui avatar small" src="/assets/img/avatar/${ctx.user}.svg" alt=""> ${escapeHtml(ctx.user)}</span>
       <form method="post" action="/user/logout">${csrfField(token)}<button class="ui button" type="submit">Sign Out</button></form>`
    : `<a class="item" href="/user/login?redirect_to=${encodeURIComponent(here)}">Sign In</a>`;
  const brand = state.profile.forge === 'gitea' ? 'Gitea' : 'Forgejo';
  return `<nav id="navbar" aria-label="Navigation Bar">
  <a class="item" id="navbar-logo" href="/" aria-label="Home"><img class="logo" src="/assets/img/logo.svg" alt="${brand}"></a>
  <a class="item" href="/owner/repo/issues">Issues</a>
  <a class="item" href="/owner/repo/pulls">Pull requests</a>
  <a class="item" href="/explore/repos">Explore</a>
  <div class="navbar-right">${right}</div>
</nav>`;
}

function footer(state: ForgeState): string {
  const { profile } = state;
  const link =
    profile.forge === 'gitea'
      ? '<a target="_blank" rel="noopener noreferrer" href="https://about.gitea.com">Powered by Gitea</a>'
      : '<a target="_blank" rel="noopener noreferrer" href="https://forgejo.org">Powered by Forgejo</a>';
  return `<footer class="page-footer" role="group" aria-label="Footer">
  <div class="left-links" role="contentinfo" aria-label="About Software">
    ${link}
    Version: ${escapeHtml(profile.version)}
    Page: <strong>2ms</strong>
    Template: <strong>1ms</strong>
  </div>
  <div class="right-links" role="group" aria-label="Links">
    <a href="/api/swagger">API</a>
    <a href="/assets/licenses.txt">Licenses</a>
  </div>
</footer>`;
}

export function renderPage(state: ForgeState, ctx: RequestContext, parts: PageParts): string {
  const { profile } = state;
  const theme = resolveTheme(state, ctx);
  const assets = assetUrls(profile, theme);
  const token = pageCsrfToken(state, ctx);
  const siteName = profile.forge === 'gitea' ? 'Gitea: Git with a cup of tea' : 'Forgejo: Beyond coding. We Forge.';
  const config: Record<string, unknown> = {
    appUrl: `${state.baseUrl}/`,
    appSubUrl: '',
    assetVersionEncoded: profile.assetVersion === null ? undefined : encodeURIComponent(profile.assetVersion),
    assetUrlPrefix: '/assets',
    runModeIsProd: true,
    customEmojis: {},
    pageData: {},
    notificationSettings: { MinTimeout: 10000, TimeoutStep: 10000, MaxTimeout: 60000, EventSourceUpdateTime: 10000 },
    enableTimeTracking: true,
    i18n: { copy_success: 'Copied!', copy_error: 'Copy failed', error_occurred: 'An error occurred' },
  };
  if (token) config.csrfToken = token;
  const bodyAttrs = attributes({
    class: profile.bodyNoJs ? 'no-js' : undefined,
    'hx-swap': 'outerHTML',
    'hx-push-url': 'false',
  });
  // The token sits in single quotes around JSON, exactly as the forges write it.
  const hxHeaders = token ? ` hx-headers='{"x-csrf-token": "${escapeHtml(token)}"}'` : '';
  return `<!DOCTYPE html>
<html lang="${state.language}" data-theme="${profile.forge}-${theme}">
<head>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(parts.title)} - ${siteName}</title>
  <meta name="referrer" content="no-referrer">
  <link rel="icon" href="/assets/img/favicon.svg" type="image/svg+xml">
  <script>
    window.config = ${JSON.stringify(config).replace(/</g, '\\u003c')};
  </script>
  <link rel="stylesheet" href="${assets.stylesheet}">
  <link rel="stylesheet" href="${assets.themeStylesheet}">
</head>
<body${hxHeaders}${bodyAttrs}>
<div class="full height">
${navbar(state, ctx, token)}
<div role="main" aria-label="${escapeHtml(parts.title)}" class="page-content${parts.mainClass ? ' ' + parts.mainClass : ''}">
${parts.main}
</div>
</div>
${footer(state)}
<script src="${assets.script}" onerror="alert('Failed to load asset files from ' + this.src + '. Please make sure the asset files can be accessed.')"></script>
</body>
</html>
`;
}
