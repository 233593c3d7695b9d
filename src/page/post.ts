// A post on an issue or pull-request page, read from the `.comment-body` triple that every
// Gitea and Forgejo version renders: the render block, the raw text and the edit zone
// (forge-facts §3).
import type { PageFacts, PostTarget, Seen } from '../protocol/index';
import type { ForgeHints } from './forge-hints';
import {
  ATTR_CAN_EDIT,
  ATTR_CONTENT_VERSION,
  ATTR_CONTEXT,
  ATTR_ISSUE_INDEX,
  ATTR_UPDATE_URL,
  EDIT_ZONE,
  ISSUE_INDEX_INPUT,
  ISSUE_PAGE_INFO,
  POST_BODY,
  RAW_CONTENT,
  RENDER_BLOCK,
} from './selectors';

export interface PagePost {
  /** The `.comment-body` element. */
  readonly element: HTMLElement;
  readonly render: HTMLElement;
  readonly raw: HTMLElement;
  readonly zone: HTMLElement;
  readonly target: PostTarget;
}

const DESCRIPTION_URL = /^(\/.*)\/issues\/(\d+)\/content$/;
const COMMENT_URL = /^(\/.*)\/comments\/(\d+)$/;
const PAGE_URL = /\/(?:issues|pulls)\/(\d+)(?:\/|$)/;

function positiveInt(text: string | null | undefined): number | null {
  if (text === null || text === undefined || !/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The issue or pull-request number of the page: the page-info element, the hidden input, or the URL. */
export function pageIssueIndex(doc: Document): number | null {
  return (
    positiveInt(doc.querySelector(ISSUE_PAGE_INFO)?.getAttribute(ATTR_ISSUE_INDEX)) ??
    positiveInt(doc.querySelector<HTMLInputElement>(ISSUE_INDEX_INPUT)?.value) ??
    positiveInt(PAGE_URL.exec(doc.location?.pathname ?? '')?.[1])
  );
}

/**
 * Which post an update URL names: `{repoLink}/issues/{index}/content` is a description,
 * `{repoLink}/comments/{id}` a comment (of the page's issue). Null for anything else, or for a
 * URL on another origin than the page's.
 */
export function targetOfUpdateUrl(updateUrl: string, doc: Document): PostTarget | null {
  let url: URL;
  try {
    url = new URL(updateUrl, doc.baseURI);
  } catch {
    return null;
  }
  if (url.origin !== new URL(doc.baseURI).origin || url.search !== '' || url.hash !== '') return null;
  const path = url.pathname;
  const description = DESCRIPTION_URL.exec(path);
  if (description) {
    const index = positiveInt(description[2]);
    return index === null ? null : { origin: url.origin, repoLink: description[1] as string, kind: 'issue', index };
  }
  const comment = COMMENT_URL.exec(path);
  if (comment) {
    const commentId = positiveInt(comment[2]);
    const index = pageIssueIndex(doc);
    if (commentId === null || index === null) return null;
    return { origin: url.origin, repoLink: comment[1] as string, kind: 'comment', index, commentId };
  }
  return null;
}

/** Reads one `.comment-body`; null when it is not a complete, well-formed triple. */
export function readPost(element: HTMLElement): PagePost | null {
  const render = element.querySelector<HTMLElement>(RENDER_BLOCK);
  const raw = element.querySelector<HTMLElement>(RAW_CONTENT);
  const zone = element.querySelector<HTMLElement>(EDIT_ZONE);
  if (!render || !raw || !zone) return null;
  const updateUrl = zone.getAttribute(ATTR_UPDATE_URL);
  if (!updateUrl) return null;
  const version = zone.getAttribute(ATTR_CONTENT_VERSION);
  if (version !== null && !/^\d+$/.test(version)) return null;
  const target = targetOfUpdateUrl(updateUrl, element.ownerDocument);
  return target === null ? null : { element, render, raw, zone, target };
}

/** Every post in or under `root` (the root itself included when it is one). */
export function findPosts(root: ParentNode): PagePost[] {
  const elements: HTMLElement[] = [];
  if (root instanceof Element && root.matches(POST_BODY)) elements.push(root as HTMLElement);
  elements.push(...root.querySelectorAll<HTMLElement>(POST_BODY));
  return elements.map(readPost).filter((post): post is PagePost => post !== null);
}

/**
 * Whether some element matching `selector` passes `test`. The first match is tried alone, since
 * it nearly always passes: a page of hundreds of posts is then not walked whole at start-up.
 */
function someMatch(doc: Document, selector: string, test: (element: HTMLElement) => boolean): boolean {
  const first = doc.querySelector<HTMLElement>(selector);
  if (first === null) return false;
  if (test(first)) return true;
  for (const element of doc.querySelectorAll<HTMLElement>(selector)) if (test(element)) return true;
  return false;
}

/** Whether `doc` shows at least one post. */
export function hasPost(doc: Document): boolean {
  return someMatch(doc, POST_BODY, (element) => readPost(element) !== null);
}

/** Whether `doc` shows a post the viewer may edit. */
export function hasEditablePost(doc: Document): boolean {
  return someMatch(doc, `${POST_BODY} ${RENDER_BLOCK}[${ATTR_CAN_EDIT}="true"]`, (render) => {
    const element = render.closest<HTMLElement>(POST_BODY);
    return element !== null && readPost(element)?.render === render;
  });
}

/** The post a node lies in, if any. */
export function postContaining(node: Element): PagePost | null {
  const element = node.closest<HTMLElement>(POST_BODY);
  return element ? readPost(element) : null;
}

/** True when the viewer may edit the post: the forge renders `data-can-edit="true"` then. */
export function canEdit(post: PagePost): boolean {
  return post.render.getAttribute(ATTR_CAN_EDIT) === 'true';
}

/** The post's version lock, or null when the forge has none (the attribute is absent). */
export function contentVersionOf(post: PagePost): number | null {
  const version = post.zone.getAttribute(ATTR_CONTENT_VERSION);
  return version === null ? null : Number(version);
}

/** The text and version the page shows now: the base an op from this page is meant for. */
export function seenOf(post: PagePost): Seen {
  return { body: post.raw.textContent ?? '', version: contentVersionOf(post) };
}

export function factsOf(post: PagePost, hints: ForgeHints): PageFacts {
  return {
    updateUrl: post.zone.getAttribute(ATTR_UPDATE_URL) ?? '',
    context: post.zone.getAttribute(ATTR_CONTEXT) ?? post.target.repoLink,
    contentVersion: contentVersionOf(post),
    csrfToken: hints.csrfToken,
    forge: hints.forge,
    forgeVersion: hints.forgeVersion,
  };
}

/** Records a confirmed write in the page, so the forge's own code never holds stale text. */
export function storeConfirmedBody(post: PagePost, body: string, version: number | null): void {
  post.raw.textContent = body;
  if (version !== null) post.zone.setAttribute(ATTR_CONTENT_VERSION, String(version));
}
