// Reading one post out of an issue or pull-request page (forge-facts §3). Every post has a
// `.comment-body` with a render block, a raw block and an edit zone; the edit zone's
// `data-update-url` tells the description from the comments.
import type { PageFacts, PostTarget } from '../protocol/index';
import { detectPage } from './detect-page';
import { attr, elementsUnder, hasClass, parentElement, parseHtml, textOf, type HtmlElement } from './html-tree';

export interface PagePost {
  /** The raw markdown (LF line endings: the HTML parser normalizes them). */
  body: string;
  /** null when the page has no `data-content-version`: the forge has no lock. */
  version: number | null;
  facts: PageFacts;
  /** `data-can-edit` on the render block; null when the page does not say. */
  canEdit: boolean | null;
}

export type PageReadResult =
  | { ok: true; post: PagePost }
  /**
   * 'not-found': a conversation page without this post (it was deleted). 'not-an-issue-page':
   * a page with no post at all — a sign-in wall or an error page, which proves nothing about the post.
   */
  | { ok: false; problem: 'not-found' | 'not-an-issue-page' | 'malformed'; detail: string; csrfToken: string | null };

export function readPostFromPage(html: string, target: PostTarget): PageReadResult {
  const doc = parseHtml(html);
  const hints = detectPage(doc);
  const suffix = target.kind === 'issue' ? `/issues/${target.index}/content` : `/comments/${target.commentId}`;

  let zone: HtmlElement | null = null;
  let anyZone = false;
  for (const el of elementsUnder(doc)) {
    if (!hasClass(el, 'edit-content-zone')) continue;
    anyZone = true;
    const url = attr(el, 'data-update-url');
    if (url !== null && stripQuery(url).endsWith(suffix)) {
      zone = el;
      break;
    }
  }
  const notFound = { ok: false as const, csrfToken: hints.csrfToken };
  // Every conversation page carries the description's edit zone, whoever views it.
  if (!anyZone) return { ...notFound, problem: 'not-an-issue-page', detail: 'the answer is not an issue page (no post on it)' };
  if (zone === null) return { ...notFound, problem: 'not-found', detail: `no edit zone for ${suffix} on the page` };

  const container = commentBodyOf(zone);
  const raw = findRaw(container, target);
  if (raw === null) return { ...notFound, problem: 'malformed', detail: `the post's raw text block is missing` };

  const versionAttr = attr(zone, 'data-content-version');
  let version: number | null = null;
  if (versionAttr !== null) {
    if (!/^\d+$/.test(versionAttr.trim())) {
      return { ...notFound, problem: 'malformed', detail: `data-content-version is not a number: ${versionAttr.slice(0, 40)}` };
    }
    version = Number(versionAttr.trim());
  }

  const render = findByClass(container, 'render-content');
  const canEditAttr = render === null ? null : attr(render, 'data-can-edit');
  return {
    ok: true,
    post: {
      body: textOf(raw),
      version,
      facts: {
        updateUrl: attr(zone, 'data-update-url') ?? '',
        context: attr(zone, 'data-context') ?? target.repoLink,
        contentVersion: version,
        csrfToken: hints.csrfToken,
        forge: hints.forge,
        forgeVersion: hints.forgeVersion,
      },
      canEdit: canEditAttr === null ? null : canEditAttr === 'true',
    },
  };
}

function stripQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

/** The `.comment-body` holding the edit zone; its parent when the page lacks that class. */
function commentBodyOf(zone: HtmlElement): HtmlElement {
  for (let el = parentElement(zone); el !== null; el = parentElement(el)) {
    if (hasClass(el, 'comment-body')) return el;
  }
  return parentElement(zone) ?? zone;
}

function findRaw(container: HtmlElement, target: PostTarget): HtmlElement | null {
  const wanted = target.kind === 'comment' ? new RegExp(`^issuecomment-${target.commentId}-raw$`) : /^issue-\d+-raw$/;
  let byClass: HtmlElement | null = null;
  for (const el of elementsUnder(container)) {
    const id = attr(el, 'id');
    if (id !== null && wanted.test(id)) return el;
    if (byClass === null && hasClass(el, 'raw-content')) byClass = el;
  }
  return byClass;
}

function findByClass(container: HtmlElement, className: string): HtmlElement | null {
  for (const el of elementsUnder(container)) if (hasClass(el, className)) return el;
  return null;
}
