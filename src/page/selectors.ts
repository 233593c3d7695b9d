// Every CSS selector and attribute name this extension relies on in Gitea and Forgejo pages
// (forge-facts §3–§5). Nothing else in the extension may spell out forge markup: when a forge
// release changes its DOM, this file and its fixture tests are what change.

/** One post (the description or a comment): it holds the render block, the raw text and the edit zone. */
export const POST_BODY = '.comment-body';
/** The rendered markdown of a post; it carries `data-can-edit`. */
export const RENDER_BLOCK = '.render-content.markup';
/** The post's markdown source, HTML-escaped into a hidden element. */
export const RAW_CONTENT = '.raw-content';
/** The hidden element whose data attributes describe where and how the post is saved. */
export const EDIT_ZONE = '.edit-content-zone';

export const ATTR_UPDATE_URL = 'data-update-url';
export const ATTR_CONTENT_VERSION = 'data-content-version';
export const ATTR_CONTEXT = 'data-context';
export const ATTR_CAN_EDIT = 'data-can-edit';
export const ATTR_SOURCE_POSITION = 'data-source-position';

/** A rendered task-list checkbox whose source offset the forge recorded. */
export const TASK_CHECKBOX = '.markup .task-list-item input[type=checkbox][data-source-position]';
/** A checkbox within one render block (the block itself is the scope). */
export const TASK_CHECKBOX_IN_BLOCK = '.task-list-item input[type=checkbox][data-source-position]';

/** The post header with its context menu; the native flow finds the body as its next sibling. */
export const COMMENT_HEADER = '.comment-header';
/** The "Edit" item of a post's context menu. */
export const EDIT_MENU_ITEM = '.item.context.js-aria-clickable.edit-content';

/** Gitea ≥1.23: the issue number and repository link of the page. */
export const ISSUE_PAGE_INFO = '#issue-page-info[data-issue-index]';
export const ATTR_ISSUE_INDEX = 'data-issue-index';
export const ATTR_ISSUE_REPO_LINK = 'data-issue-repo-link';
/** Gitea 1.22 and Forgejo: hidden inputs with the same facts. */
export const ISSUE_INDEX_INPUT = 'input#issueIndex';
export const REPO_LINK_INPUT = 'input#repolink';

/** Old CSRF scheme: a JSON object of headers on `<body>`, or hidden form fields. */
export const CSRF_HX_HEADERS_HOST = 'body[hx-headers]';
export const ATTR_HX_HEADERS = 'hx-headers';
export const CSRF_INPUT = 'input[name="_csrf"]';

/** Footer links that name the forge. */
export const GITEA_HOME_LINK = 'a[href="https://about.gitea.com"]';
export const FORGEJO_HOME_LINK = 'a[href="https://forgejo.org"]';
/** Where the footer's `Version: X` text lives. */
export const FOOTER = 'footer, .page-footer';
/** Scripts and stylesheets whose URL carries `?v=<version>`. */
export const VERSIONED_ASSET = 'script[src*="?v="], link[href*="?v="]';
/** `<html data-theme="gitea-dark">` and the like. */
export const ATTR_THEME = 'data-theme';

/** A post's context menu, and the class that shows it open (closed again when we take the click). */
export const CONTEXT_DROPDOWN = '.context-dropdown';
export const OPEN_MENU_CLASS = 'active';
/** The checkbox of one task-list item (the item itself is the scope). */
export const TASK_CHECKBOX_IN_LIST_ITEM = 'input[type=checkbox][data-source-position]';
/** The button that opens a post's context menu. */
export const CONTEXT_MENU_TOGGLE = '.context-menu';
