// The markup of one post on an issue or pull request page: its header with the context menu
// (whose "Edit" item the native editor hangs on), and the `.comment-body` triple every version of
// both forges renders — the render block, the hidden raw text and the edit zone — plus the
// post's attachments.

import type { UserName } from './api';
import type { ForgeState } from './context';
import { attributes, escapeHtml } from './html-escape';
import { noContentHtml } from './messages';
import { renderBody } from './render';
import type { AttachmentRecord, CommentRecord, IssueRecord, PostRecord } from './store';
import { canEditPost, roleLabel } from './users';

export function repoLinkOf(issue: IssueRecord): string {
  return `/${issue.owner}/${issue.repo}`;
}

export function issuePagePath(issue: IssueRecord): string {
  return `${repoLinkOf(issue)}/${issue.isPull ? 'pulls' : 'issues'}/${issue.index}`;
}

/** The body as the page shows it: rendered markdown, or the "no content" placeholder. */
export function renderedContent(state: ForgeState, body: string): string {
  const html = renderBody(body).html;
  return html.trim() === '' ? noContentHtml(state.language) : html;
}

// Small octicon-like glyphs (system fonts often lack emoji).
const ICONS = {
  paperclip: '<svg class="svg octicon-paperclip" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M12.2 2.8a2.5 2.5 0 0 0-3.5 0L3.5 8a4 4 0 0 0 5.7 5.7l4.3-4.3-1-1-4.3 4.3a2.6 2.6 0 0 1-3.7-3.7l5.2-5.2a1.1 1.1 0 0 1 1.5 1.5L6 10.5 5 9.5l4.2-4.2-1-1L4 8.5a2.5 2.5 0 0 0 3.5 3.5l5.2-5.2a2.5 2.5 0 0 0-.5-4z"/></svg>',
  tag: '<svg class="svg octicon-tag" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M1 7.8V2.5C1 1.7 1.7 1 2.5 1h5.3c.4 0 .8.2 1.1.4l6.2 6.3c.6.6.6 1.5 0 2.1l-5.3 5.3c-.6.6-1.5.6-2.1 0L1.4 8.9A1.5 1.5 0 0 1 1 7.8zM4.5 6a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z"/></svg>',
  eye: '<svg class="svg octicon-eye" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M8 3C4.4 3 1.6 5.4.5 8c1.1 2.6 3.9 5 7.5 5s6.4-2.4 7.5-5C14.4 5.4 11.6 3 8 3zm0 8a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm0-1.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z"/></svg>',
};

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

/** The attachment list under a post ("" when it has none), also sent back by the write routes. */
export function attachmentsHtml(attachments: readonly AttachmentRecord[]): string {
  if (attachments.length === 0) return '';
  const items = attachments
    .map(
      (a) => `<div class="tw-flex"><a target="_blank" rel="noopener noreferrer" href="/attachments/${a.uuid}" title="Open ${escapeHtml(a.name)} in a new tab">${ICONS.paperclip}<span>${escapeHtml(a.name)}</span></a><span class="ui text grey attachment-size">${formatSize(a.size)}</span></div>`,
    )
    .join('');
  return `<div class="dropzone-attachments"><div class="ui divider"></div><div class="tw-flex tw-flex-col">${items}</div></div>`;
}

function timeTag(date: Date): string {
  return `<relative-time class="time-since" datetime="${date.toISOString()}">${date.toISOString().slice(0, 16).replace('T', ' ')}</relative-time>`;
}

interface MenuOptions {
  permalink: string;
  viewer: UserName | null;
  canEdit: boolean;
  deleteUrl: string | null;
  commentId: number | null;
}

function contextMenu(options: MenuOptions): string {
  const items = [
    `<div class="item context js-aria-clickable" role="menuitem" tabindex="0" data-clipboard-text-type="url" data-clipboard-text="${escapeHtml(options.permalink)}">Copy link</div>`,
  ];
  if (options.viewer) {
    items.push('<div class="item context js-aria-clickable quote-reply" role="menuitem" tabindex="0">Quote reply</div>');
    items.push('<div class="item context js-aria-clickable reference-issue" role="menuitem" tabindex="0">Reference in new issue</div>');
  }
  if (options.canEdit) {
    items.push('<div class="divider"></div>');
    items.push('<div class="item context js-aria-clickable edit-content" role="menuitem" tabindex="0">Edit</div>');
    if (options.deleteUrl) {
      items.push(
        `<div class="item context js-aria-clickable delete-comment" role="menuitem" tabindex="0" data-comment-id="issuecomment-${options.commentId}" data-url="${escapeHtml(options.deleteUrl)}" data-locale="Are you sure you want to delete this comment?">Delete</div>`,
      );
    }
  }
  return `<div class="item action ui dropdown jump pointing top right context-dropdown">
        <a class="context-menu muted" role="button" tabindex="0" aria-label="Comment menu" aria-haspopup="menu"><svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M8 9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM1.5 9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm13 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z"/></svg></a>
        <div class="menu" role="menu">${items.join('')}</div>
      </div>`;
}

function commentHeader(post: PostRecord, verb: string, menu: string, issuePoster: UserName): string {
  const labels: string[] = [];
  const role = roleLabel(post.poster);
  if (post.poster === issuePoster && post.kind === 'comment') labels.push('<div class="role-label ui basic label">Author</div>');
  if (role) labels.push(`<div class="role-label ui basic label">${role}</div>`);
  return `<div class="comment-header avatar-content-left-arrow" role="heading" aria-level="3">
      <div class="comment-header-left tw-flex tw-items-center">
        <span class="text grey muted-links"><a class="author" href="/${post.poster}">${post.poster}</a> ${verb} ${timeTag(post.createdAt)}</span>
      </div>
      <div class="comment-header-right">${labels.join('')}${menu}</div>
    </div>`;
}

interface TripleOptions {
  rawId: string;
  renderId: string | null;
  updateUrl: string;
  attachmentUrl: string;
  viewAttachmentUrl: string | null;
  canEdit: boolean;
}

function commentBody(state: ForgeState, post: PostRecord, repoLink: string, o: TripleOptions): string {
  const render = `<div${attributes({ id: o.renderId, class: 'render-content markup', 'data-can-edit': o.canEdit ? 'true' : undefined })}>${renderedContent(state, post.body)}</div>`;
  // The raw text goes in exactly as stored (CRLF included); the browser's parser turns it into LF.
  const raw = `<div id="${o.rawId}" class="raw-content tw-hidden">${escapeHtml(post.body)}</div>`;
  const zone = `<div${attributes({
    class: 'edit-content-zone tw-hidden',
    'data-update-url': o.updateUrl,
    'data-content-version': state.profile.lock ? post.version : undefined,
    'data-context': repoLink,
    'data-attachment-url': o.attachmentUrl,
    'data-view-attachment-url': o.viewAttachmentUrl,
  })}></div>`;
  return `<div class="ui attached segment comment-body" role="article">
      ${render}
      ${raw}
      ${zone}
      ${attachmentsHtml(post.attachments)}
    </div>`;
}

function avatar(user: UserName): string {
  return `<a class="timeline-avatar" href="/${user}"><img class="ui avatar" src="/assets/img/avatar/${user}.svg" alt="${user}" width="40" height="40"></a>`;
}

/** The issue or pull request description. */
export function descriptionBlock(state: ForgeState, issue: IssueRecord, viewer: UserName | null): string {
  const repoLink = repoLinkOf(issue);
  const canEdit = canEditPost(viewer, issue.poster);
  const wrapperAttrs =
    state.profile.descriptionWrapper === 'first'
      ? attributes({ class: 'timeline-item comment first', id: `issue-${issue.id}` })
      : attributes({ class: 'timeline-item comment issue-content-comment' });
  const menu = contextMenu({ permalink: `${state.baseUrl}${issuePagePath(issue)}`, viewer, canEdit, deleteUrl: null, commentId: null });
  return `<div${wrapperAttrs}>
  ${avatar(issue.poster)}
  <div class="content comment-container">
    ${commentHeader(issue, 'commented', menu, issue.poster)}
    ${commentBody(state, issue, repoLink, {
      rawId: `issue-${issue.id}-raw`,
      renderId: state.profile.renderBlockIds ? `issue-${issue.id}-content` : null,
      updateUrl: `${repoLink}/issues/${issue.index}/content`,
      attachmentUrl: `${repoLink}/issues/${issue.index}/attachments`,
      viewAttachmentUrl: `${repoLink}/issues/${issue.index}/view-attachments`,
      canEdit,
    })}
  </div>
</div>`;
}

function commentTriple(state: ForgeState, issue: IssueRecord, comment: CommentRecord, viewer: UserName | null): { header: string; body: string } {
  const repoLink = repoLinkOf(issue);
  const canEdit = canEditPost(viewer, comment.poster);
  const menu = contextMenu({
    permalink: `${state.baseUrl}${issuePagePath(issue)}#issuecomment-${comment.id}`,
    viewer,
    canEdit,
    deleteUrl: `${repoLink}/comments/${comment.id}/delete`,
    commentId: comment.id,
  });
  return {
    header: commentHeader(comment, 'commented', menu, issue.poster),
    body: commentBody(state, comment, repoLink, {
      rawId: `issuecomment-${comment.id}-raw`,
      renderId: state.profile.renderBlockIds ? `issuecomment-${comment.id}-content` : null,
      updateUrl: `${repoLink}/comments/${comment.id}`,
      attachmentUrl: `${repoLink}/comments/${comment.id}/attachments`,
      viewAttachmentUrl: null,
      canEdit,
    }),
  };
}

/** A plain comment in the conversation timeline. */
export function commentBlock(state: ForgeState, issue: IssueRecord, comment: CommentRecord, viewer: UserName | null): string {
  const { header, body } = commentTriple(state, issue, comment, viewer);
  return `<div class="timeline-item comment" id="issuecomment-${comment.id}">
  ${avatar(comment.poster)}
  <div class="content comment-container">
    ${header}
    ${body}
  </div>
</div>`;
}

/** A timeline event that holds no text (here: a label change). */
export function eventBlock(comment: CommentRecord): string {
  return `<div class="timeline-item event" id="issuecomment-${comment.id}">
  <span class="badge" aria-hidden="true">${ICONS.tag}</span>
  <span class="text grey muted-links event-text"><a class="author" href="/${comment.poster}">${comment.poster}</a> added the <span class="ui label">needs-review</span> label ${timeTag(comment.createdAt)}</span>
</div>`;
}

function diffSnippet(comment: CommentRecord): string {
  const line = comment.line ?? 1;
  return `<table class="code-diff"><tbody>
  <tr><td class="lines-num"></td><td class="lines-num"></td><td class="tag-code">@@ -${line - 2},4 +${line - 2},5 @@</td></tr>
  <tr><td class="lines-num">${line - 2}</td><td class="lines-num">${line - 2}</td><td>  const queue = new WorkQueue(options);</td></tr>
  <tr><td class="lines-num">${line - 1}</td><td class="lines-num">${line - 1}</td><td>  queue.onError(report);</td></tr>
  <tr class="add-code"><td class="lines-num"></td><td class="lines-num">${line}</td><td>+ queue.start();</td></tr>
</tbody></table>`;
}

/** A review comment on a diff line: `.comment.code-comment#issuecomment-{id}` inside its conversation. */
export function codeCommentBlock(state: ForgeState, issue: IssueRecord, comment: CommentRecord, viewer: UserName | null): string {
  const { header, body } = commentTriple(state, issue, comment, viewer);
  return `<div class="conversation-holder" data-path="${escapeHtml(comment.treePath ?? '')}" data-side="right" data-idx="${comment.line ?? 0}">
  <div class="file-header"><a class="file-comment" href="${issuePagePath(issue)}/files#issuecomment-${comment.id}">${escapeHtml(comment.treePath ?? '')}</a></div>
  ${diffSnippet(comment)}
  <div class="comment-code-cloud ui segment">
    <div class="ui comments comment-list">
      <div class="comment code-comment" id="issuecomment-${comment.id}">
        <div class="content comment-container">
          ${header}
          ${body}
        </div>
      </div>
    </div>
  </div>
</div>`;
}

/** A review in the conversation timeline: the "reviewed" event and its code comment. */
export function reviewBlock(state: ForgeState, issue: IssueRecord, comment: CommentRecord, viewer: UserName | null): string {
  return `<div class="timeline-item event review-event">
  <span class="badge" aria-hidden="true">${ICONS.eye}</span>
  <span class="text grey muted-links event-text"><a class="author" href="/${comment.poster}">${comment.poster}</a> reviewed ${timeTag(comment.createdAt)}</span>
</div>
<div class="timeline-item review-comments">
  ${codeCommentBlock(state, issue, comment, viewer)}
</div>`;
}
