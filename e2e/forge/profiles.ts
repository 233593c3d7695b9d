// Forge and version behaviour of the double. One server serves every profile; a profile is the
// set of switches that tell the releases apart. Each switch names the release that introduced
// the behaviour (see /work/shared/forge-facts.md), so a reader can check it against the forge.

import type { ProfileName } from './api';

export type ForgeKind = 'gitea' | 'forgejo';

export interface Profile {
  readonly name: ProfileName;
  readonly forge: ForgeKind;
  /** What the footer prints after "Version:". */
  readonly version: string;
  /** The `?v=` value on asset URLs, or null where the release uses hashed file names (Gitea ≥1.26). */
  readonly assetVersion: string | null;
  /** content_version compare-and-swap on the web write routes (Gitea ≥1.23, Forgejo ≥v8). */
  readonly lock: boolean;
  /** Comment edits: a stale version is refused even for unchanged text, and unchanged text writes nothing (Gitea ≥1.24). */
  readonly commentPrecheck: boolean;
  /** 'token': CSRF token required on web POSTs (Gitea ≤1.25, Forgejo ≤v13); 'origin': header-based cross-origin check. */
  readonly writeProtection: 'token' | 'origin';
  /** Shape of GET …/issues/{n}/info. */
  readonly infoShape: 'bare-issue' | 'wrapped' | 'wrapped-with-version';
  /** The description's wrapper: `#issue-{id}.timeline-item.comment.first` or `.timeline-item.comment.issue-content-comment` (Gitea ≥1.27). */
  readonly descriptionWrapper: 'first' | 'issue-content-comment';
  /** Where the page names its repo and index: `#issue-page-info` (Gitea ≥1.23) or hidden inputs (Gitea 1.22, Forgejo). */
  readonly pageInfo: 'issue-page-info' | 'hidden-inputs';
  /** `id="issue-{id}-content"` / `issuecomment-{id}-content` on the render block (Forgejo ≥v10). */
  readonly renderBlockIds: boolean;
  /** `<body class="no-js">` (Forgejo ≥v12). */
  readonly bodyNoJs: boolean;
  /** The description write answers `<span class="no-content">` for an empty body (Gitea ≥1.26). */
  readonly emptyDescriptionAnswerIsNoContent: boolean;
  /** `content_version` in REST issue JSON and checked by PATCH (Gitea ≥1.26). */
  readonly apiContentVersion: boolean;
  /** The native editor re-seeds from the raw text on every open (Gitea ≥1.26); before, only when empty. */
  readonly editorReseedsEveryOpen: boolean;
  /** After a native save the new render block is re-initialized (not on Gitea 1.24). */
  readonly reinitAfterSave: boolean;
  /** The native save replaces the render node instead of its innerHTML (Gitea ≥1.25). */
  readonly saveReplacesRenderNode: boolean;
  /** The native checkbox widget accepts `[X]` as checked (Forgejo ≥v9); Gitea refuses it. */
  readonly nativeAcceptsUpperX: boolean;
  /** The native edit save carries the token as a `_csrf` form field (Forgejo) rather than only the header. */
  readonly editSendsCsrfField: boolean;
}

// Gitea and Forgejo both keep Macaron's historical session cookie name by default.
export const SESSION_COOKIE_NAME = 'i_like_gitea';

const giteaBase = {
  forge: 'gitea',
  infoShape: 'wrapped',
  descriptionWrapper: 'first',
  pageInfo: 'issue-page-info',
  renderBlockIds: false,
  bodyNoJs: false,
  emptyDescriptionAnswerIsNoContent: false,
  apiContentVersion: false,
  editorReseedsEveryOpen: false,
  reinitAfterSave: true,
  saveReplacesRenderNode: false,
  nativeAcceptsUpperX: false,
  editSendsCsrfField: false,
} as const;

const forgejoBase = {
  forge: 'forgejo',
  infoShape: 'bare-issue',
  descriptionWrapper: 'first',
  pageInfo: 'hidden-inputs',
  commentPrecheck: false,
  emptyDescriptionAnswerIsNoContent: false,
  apiContentVersion: false,
  editorReseedsEveryOpen: false,
  reinitAfterSave: true,
  saveReplacesRenderNode: false,
  editSendsCsrfField: true,
} as const;

export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  'gitea-1.22': {
    ...giteaBase,
    name: 'gitea-1.22',
    version: '1.22.6',
    assetVersion: '1.22.6',
    lock: false,
    commentPrecheck: false,
    writeProtection: 'token',
    infoShape: 'bare-issue',
    pageInfo: 'hidden-inputs',
  },
  'gitea-1.23': {
    ...giteaBase,
    name: 'gitea-1.23',
    version: '1.23.8',
    assetVersion: '1.23.8',
    lock: true,
    commentPrecheck: false,
    writeProtection: 'token',
  },
  'gitea-1.24': {
    ...giteaBase,
    name: 'gitea-1.24',
    version: '1.24.6',
    assetVersion: '1.24.6',
    lock: true,
    commentPrecheck: true,
    writeProtection: 'token',
    reinitAfterSave: false,
  },
  'gitea-1.26': {
    ...giteaBase,
    name: 'gitea-1.26',
    version: '1.26.0',
    assetVersion: null,
    lock: true,
    commentPrecheck: true,
    writeProtection: 'origin',
    infoShape: 'wrapped-with-version',
    emptyDescriptionAnswerIsNoContent: true,
    apiContentVersion: true,
    editorReseedsEveryOpen: true,
    saveReplacesRenderNode: true,
  },
  'gitea-1.27': {
    ...giteaBase,
    name: 'gitea-1.27',
    version: '1.27.0',
    assetVersion: null,
    lock: true,
    commentPrecheck: true,
    writeProtection: 'origin',
    infoShape: 'wrapped-with-version',
    descriptionWrapper: 'issue-content-comment',
    emptyDescriptionAnswerIsNoContent: true,
    apiContentVersion: true,
    editorReseedsEveryOpen: true,
    saveReplacesRenderNode: true,
  },
  'forgejo-7': {
    ...forgejoBase,
    name: 'forgejo-7',
    version: '7.0.16+gitea-1.22.0',
    assetVersion: '7.0.16~gitea-1.22.0',
    lock: false,
    writeProtection: 'token',
    renderBlockIds: false,
    bodyNoJs: false,
    nativeAcceptsUpperX: false,
  },
  'forgejo-11': {
    ...forgejoBase,
    name: 'forgejo-11',
    version: '11.0.1+gitea-1.22.0',
    assetVersion: '11.0.1~gitea-1.22.0',
    lock: true,
    writeProtection: 'token',
    renderBlockIds: true,
    bodyNoJs: false,
    nativeAcceptsUpperX: true,
  },
  'forgejo-14': {
    ...forgejoBase,
    name: 'forgejo-14',
    version: '14.0.0+gitea-1.22.0',
    assetVersion: '14.0.0~gitea-1.22.0',
    lock: true,
    writeProtection: 'origin',
    renderBlockIds: true,
    bodyNoJs: true,
    nativeAcceptsUpperX: true,
    editSendsCsrfField: false,
  },
};

export const PROFILE_NAMES = Object.keys(PROFILES) as ProfileName[];

export function profileByName(name: string): Profile {
  const profile = (PROFILES as Record<string, Profile | undefined>)[name];
  if (!profile) {
    throw new Error(`unknown forge profile "${name}"; known profiles: ${PROFILE_NAMES.join(', ')}`);
  }
  return profile;
}
