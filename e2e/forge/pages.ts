// HTML pages: the issue / pull request conversation page (the one the extension overlays), the
// pull request's Files tab, the sign-in page, simple repository and list pages, and the 404 page.

import type { ForgeState, RequestContext } from './context';
import { escapeHtml } from './html-escape';
import { csrfField, pageCsrfToken, renderPage } from './layout';
import { noContentHtml } from './messages';
import {
  codeCommentBlock,
  commentBlock,
  descriptionBlock,
  eventBlock,
  issuePagePath,
  repoLinkOf,
  reviewBlock,
} from './post-markup';
import type { IssueRecord } from './store';

function repoHeader(owner: string, repo: string, active: 'code' | 'issues' | 'pulls'): string {
  const tab = (name: typeof active, href: string, label: string) =>
    `<a class="${name === active ? 'active ' : ''}item" href="${href}">${label}</a>`;
  return `<div class="secondary-nav">
  <div class="repo-header"><div class="repo-title"><a href="/${owner}">${escapeHtml(owner)}</a> / <a href="/${owner}/${repo}">${escapeHtml(repo)}</a></div></div>
  <div class="ui tabular menu navbar">
    ${tab('code', `/${owner}/${repo}`, 'Code')}
    ${tab('issues', `/${owner}/${repo}/issues`, 'Issues')}
    ${tab('pulls', `/${owner}/${repo}/pulls`, 'Pull requests')}
  </div>
</div>`;
}

function titleHeader(issue: IssueRecord, commentCount: number): string {
  return `<div class="issue-title-header">
    <h1 class="issue-title"><span id="issue-title">${escapeHtml(issue.title)}</span> <span class="index">#${issue.index}</span></h1>
    <div class="issue-title-meta"><span class="ui green label issue-state-label">Open</span>
      <span class="time-desc"><a class="author" href="/${issue.poster}">${issue.poster}</a> opened this ${issue.isPull ? 'pull request' : 'issue'} · ${commentCount} comment${commentCount === 1 ? '' : 's'}</span></div>
  </div>`;
}

function pullTabs(issue: IssueRecord, active: 'conversation' | 'files'): string {
  const base = issuePagePath(issue);
  return `<div class="ui tabular menu pull-tabs">
    <a class="${active === 'conversation' ? 'active ' : ''}item" href="${base}">Conversation</a>
    <a class="${active === 'files' ? 'active ' : ''}item" href="${base}/files">Files changed</a>
  </div>`;
}

/** Where the page says which repository and issue it shows, per forge version. */
function pageInfo(state: ForgeState, issue: IssueRecord): string {
  const repoLink = repoLinkOf(issue);
  if (state.profile.pageInfo === 'issue-page-info') {
    return `<div id="issue-page-info" data-issue-index="${issue.index}" data-issue-dependency-search-type="${issue.isPull ? 'pulls' : 'issues'}" data-issue-repo-link="${repoLink}"></div>`;
  }
  return `<input type="hidden" id="repolink" value="${repoLink}">
<input type="hidden" id="repoId" value="1">
<input type="hidden" id="issueIndex" value="${issue.index}">
<input type="hidden" id="type" value="${issue.isPull ? 'pulls' : 'issues'}">`;
}

/** Templates the native scripts clone: the inline editor and the "no content" placeholder. */
function pageTemplates(state: ForgeState): string {
  return `<template id="issue-comment-editor-template">
  <div class="ui form comment combo-markdown-editor">
    <div class="field"><textarea class="markdown-text-editor" name="content" aria-label="Edit"></textarea></div>
    <div class="field dropzone"><div class="files"></div></div>
    <div class="field tw-flex tw-justify-end tw-gap-2">
      <button class="ui cancel button" type="button">Cancel</button>
      <button class="ui primary button" type="button">Save</button>
    </div>
  </div>
</template>
<div class="tw-hidden" id="no-content">${noContentHtml(state.language)}</div>`;
}

function commentForm(state: ForgeState, ctx: RequestContext, issue: IssueRecord): string {
  if (!ctx.user) {
    return `<div class="timeline-item comment form"><div class="ui warning message">
      <a href="/user/login?redirect_to=${encodeURIComponent(issuePagePath(issue))}">Sign in</a> to join this conversation.</div></div>`;
  }
  return `<div class="timeline-item comment form">
  <form class="ui segment form comment-form" id="comment-form" action="${repoLinkOf(issue)}/issues/${issue.index}/comments" method="post">
    ${csrfField(pageCsrfToken(state, ctx))}
    <div class="field"><textarea name="content" aria-label="Comment" placeholder="Leave a comment"></textarea></div>
    <div class="field tw-flex tw-justify-end"><button class="ui primary button" type="submit">Comment</button></div>
  </form>
</div>`;
}

function sidebar(issue: IssueRecord, participants: string[]): string {
  return `<div class="issue-content-right ui segment">
    <div class="sidebar-title">Labels</div><div class="muted">No labels</div>
    <div class="divider"></div>
    <div class="sidebar-title">Milestone</div><div class="muted">No milestone</div>
    <div class="divider"></div>
    <div class="sidebar-title">Assignees</div><div class="muted">No one assigned</div>
    <div class="divider"></div>
    <div class="sidebar-title">${participants.length} participant${participants.length === 1 ? '' : 's'}</div>
    <div>${participants.map((p) => `<a href="/${p}"><img class="ui avatar small" src="/assets/img/avatar/${p}.svg" alt="${p}" title="${p}"></a>`).join(' ')}</div>
    ${issue.isPull ? '<div class="divider"></div><div class="sidebar-title">Reviewers</div><div class="muted">No reviews requested</div>' : ''}
  </div>`;
}

/** The conversation page of an issue or a pull request. */
export function issuePage(state: ForgeState, ctx: RequestContext, issue: IssueRecord): string {
  const comments = state.store.commentsOf(issue.id);
  const timeline = comments
    .map((c) => {
      if (c.type === 'event') return eventBlock(c);
      if (c.type === 'code') return reviewBlock(state, issue, c, ctx.user);
      return commentBlock(state, issue, c, ctx.user);
    })
    .join('\n');
  const participants = [...new Set([issue.poster, ...comments.map((c) => c.poster)])];
  const textComments = comments.filter((c) => c.type !== 'event').length;
  const main = `${repoHeader(issue.owner, issue.repo, issue.isPull ? 'pulls' : 'issues')}
<div class="ui container">
  ${titleHeader(issue, textComments)}
  ${issue.isPull ? pullTabs(issue, 'conversation') : ''}
  <div class="issue-content">
    <div class="issue-content-left comment-list prevent-before-timeline">
      <div class="ui timeline">
        ${descriptionBlock(state, issue, ctx.user)}
        ${timeline}
        ${commentForm(state, ctx, issue)}
      </div>
    </div>
    ${sidebar(issue, participants)}
  </div>
</div>
${pageInfo(state, issue)}
${pageTemplates(state)}`;
  return renderPage(state, ctx, {
    title: `${issue.title} #${issue.index}`,
    main,
    mainClass: `repository view issue ${issue.isPull ? 'pull' : ''}`.trim(),
  });
}

/** The pull request's Files tab, where review comments sit on their diff lines. */
export function pullFilesPage(state: ForgeState, ctx: RequestContext, issue: IssueRecord): string {
  const codeComments = state.store.commentsOf(issue.id).filter((c) => c.type === 'code');
  const files = codeComments.length
    ? codeComments
        .map(
          (c) => `<div class="diff-file-box" id="diff-${c.id}">
    <div class="diff-file-header">${escapeHtml(c.treePath ?? '')}</div>
    ${codeCommentBlock(state, issue, c, ctx.user)}
  </div>`,
        )
        .join('\n')
    : '<div class="muted">No review comments yet.</div>';
  const main = `${repoHeader(issue.owner, issue.repo, 'pulls')}
<div class="ui container">
  ${titleHeader(issue, codeComments.length)}
  ${pullTabs(issue, 'files')}
  <div id="diff-file-boxes">${files}</div>
</div>
${pageInfo(state, issue)}
${pageTemplates(state)}`;
  return renderPage(state, ctx, { title: `${issue.title} #${issue.index}`, main, mainClass: 'repository view issue pull files diff' });
}

export function loginPage(state: ForgeState, ctx: RequestContext, options: { redirectTo: string; error: string | null }): string {
  const main = `${options.error ? `<div class="flash-message flash-error" role="alert">${escapeHtml(options.error)}</div>` : ''}
<div class="ui segment form-box">
  <h2>Sign in</h2>
  <form class="ui form" action="/user/login" method="post">
    ${csrfField(pageCsrfToken(state, ctx))}
    <input type="hidden" name="redirect_to" value="${escapeHtml(options.redirectTo)}">
    <div class="field"><label for="user_name">Username or email address</label><input type="text" id="user_name" name="user_name" autocomplete="username" required></div>
    <div class="field"><label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password" required></div>
    <button class="ui primary button" type="submit">Sign in</button>
  </form>
</div>`;
  return renderPage(state, ctx, { title: 'Sign in', main, mainClass: 'user signin' });
}

export function issueListPage(state: ForgeState, ctx: RequestContext, owner: string, repo: string, pulls: boolean): string {
  const issues = state.store.issuesOf(owner, repo).filter((i) => i.isPull === pulls);
  const list = issues.length
    ? `<ul class="issue-list">${issues
        .map((i) => `<li><a class="issue-title" href="${issuePagePath(i)}">${escapeHtml(i.title)}</a> <span class="muted">#${i.index} opened by ${i.poster}</span></li>`)
        .join('')}</ul>`
    : `<div class="muted">No ${pulls ? 'pull requests' : 'issues'} yet.</div>`;
  const main = `${repoHeader(owner, repo, pulls ? 'pulls' : 'issues')}<div class="ui container">${list}</div>`;
  return renderPage(state, ctx, { title: `${pulls ? 'Pull Requests' : 'Issues'} - ${owner}/${repo}`, main, mainClass: 'repository list' });
}

export function repoHomePage(state: ForgeState, ctx: RequestContext, owner: string, repo: string): string {
  const issues = state.store.issuesOf(owner, repo);
  const main = `${repoHeader(owner, repo, 'code')}<div class="ui container">
  <p>This repository lives in a forge double. It has ${issues.filter((i) => !i.isPull).length} issue(s) and ${issues.filter((i) => i.isPull).length} pull request(s).</p>
</div>`;
  return renderPage(state, ctx, { title: `${owner}/${repo}`, main, mainClass: 'repository file list' });
}

export function homePage(state: ForgeState, ctx: RequestContext): string {
  const repos = state.store.allRepos();
  const list = repos.length
    ? `<ul class="issue-list">${repos
        .map((r) => `<li><a href="/${r.owner}/${r.name}/issues">${escapeHtml(r.owner)}/${escapeHtml(r.name)}</a></li>`)
        .join('')}</ul>`
    : '<div class="muted">No repositories yet.</div>';
  return renderPage(state, ctx, { title: 'Explore', main: `<div class="ui container"><h2>Repositories</h2>${list}</div>`, mainClass: 'explore' });
}

export function notFoundPage(state: ForgeState, ctx: RequestContext): string {
  return renderPage(state, ctx, {
    title: 'Page Not Found',
    main: '<div class="ui container"><h2>404</h2><p>The page you are trying to reach either does not exist or you are not authorized to view it.</p></div>',
    mainClass: 'page-not-found',
  });
}

export function serverErrorPage(state: ForgeState, ctx: RequestContext, status: number): string {
  return renderPage(state, ctx, {
    title: 'Internal Server Error',
    main: `<div class="ui container"><h2>${status}</h2><p>An error occurred.</p></div>`,
    mainClass: 'page-server-error',
  });
}
