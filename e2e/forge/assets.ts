// Static assets served to the double's pages: the stylesheet, the native page scripts and a few
// images. Asset URLs carry the profile's fingerprint the way the forges do: `?v=<version>` on
// Forgejo and Gitea ≤1.25, content-hashed file names on Gitea ≥1.26.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Profile } from './profiles';
import type { Reply } from './reply';
import { textReply } from './reply';

function readAsset(name: string): string {
  return readFileSync(fileURLToPath(new URL(`./assets/${name}`, import.meta.url)), 'utf8');
}

const STYLESHEET = readAsset('theme.css');
const NATIVE_SCRIPT = readAsset('native.js');

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 8);
}

/** The switches of the native scripts for a profile (see assets/native.js). */
export function nativeBehaviour(profile: Profile): Record<string, boolean> {
  return {
    acceptUpperX: profile.nativeAcceptsUpperX,
    editorReseedsEveryOpen: profile.editorReseedsEveryOpen,
    reinitAfterSave: profile.reinitAfterSave,
    saveReplacesRenderNode: profile.saveReplacesRenderNode,
    editSendsCsrfField: profile.editSendsCsrfField && profile.writeProtection === 'token',
  };
}

function scriptFor(profile: Profile): string {
  return `(function () {\n${NATIVE_SCRIPT}\nstartNativeScripts(${JSON.stringify(nativeBehaviour(profile))});\n})();\n`;
}

function themeStylesheet(forge: string, theme: string): string {
  return `/* ${forge}-${theme}: colours come from the variables in index.css, keyed on html[data-theme] */\n`;
}

export interface AssetUrls {
  stylesheet: string;
  themeStylesheet: string;
  script: string;
  logo: string;
}

function fingerprinted(profile: Profile, dir: string, base: string, ext: string, content: string): string {
  if (profile.assetVersion !== null) return `/assets/${dir}/${base}.${ext}?v=${profile.assetVersion}`;
  return `/assets/${dir}/${base}.${shortHash(content)}.${ext}`;
}

export function assetUrls(profile: Profile, theme: 'light' | 'dark' | 'auto'): AssetUrls {
  const themeName = `theme-${profile.forge}-${theme}`;
  return {
    stylesheet: fingerprinted(profile, 'css', 'index', 'css', STYLESHEET),
    themeStylesheet: fingerprinted(profile, 'css', themeName, 'css', themeStylesheet(profile.forge, theme)),
    script: fingerprinted(profile, 'js', 'index', 'js', scriptFor(profile)),
    logo: '/assets/img/logo.svg',
  };
}

const AVATAR_COLOURS = ['#4183c4', '#609926', '#c2410c', '#a333c8', '#00b5ad', '#e03997'];

function avatarSvg(name: string): string {
  let sum = 0;
  for (const ch of name) sum += ch.codePointAt(0) ?? 0;
  const colour = AVATAR_COLOURS[sum % AVATAR_COLOURS.length];
  const letter = (name[0] ?? '?').toUpperCase().replace(/[^A-Z0-9]/, '?');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><rect width="40" height="40" rx="20" fill="${colour}"/><text x="20" y="26" font-family="sans-serif" font-size="18" font-weight="600" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
}

function logoSvg(profile: Profile): string {
  const colour = profile.forge === 'gitea' ? '#609926' : '#ff6600';
  const letter = profile.forge === 'gitea' ? 'G' : 'F';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${colour}"/><text x="16" y="22" font-family="sans-serif" font-size="17" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
}

function asset(contentType: string, body: string): Reply {
  return { status: 200, headers: { 'content-type': contentType, 'cache-control': 'no-cache' }, body };
}

/** Answer a request under /assets/, or 404. */
export function serveAsset(profile: Profile, pathname: string): Reply {
  if (/^\/assets\/css\/index(\.[0-9a-f]{8})?\.css$/.test(pathname)) return asset('text/css; charset=utf-8', STYLESHEET);
  const theme = /^\/assets\/css\/theme-(gitea|forgejo)-(light|dark|auto)(\.[0-9a-f]{8})?\.css$/.exec(pathname);
  if (theme) return asset('text/css; charset=utf-8', themeStylesheet(theme[1]!, theme[2]!));
  if (/^\/assets\/js\/index(\.[0-9a-f]{8})?\.js$/.test(pathname)) return asset('text/javascript; charset=utf-8', scriptFor(profile));
  if (pathname === '/assets/img/logo.svg' || pathname === '/assets/img/favicon.svg') return asset('image/svg+xml', logoSvg(profile));
  const avatar = /^\/assets\/img\/avatar\/([A-Za-z0-9_.-]+)\.svg$/.exec(pathname);
  if (avatar) return asset('image/svg+xml', avatarSvg(avatar[1]!));
  return textReply(404, 'Not found.');
}
