// JSON shapes of the forges' API structs (api.Issue, api.Comment, api.Attachment, api.User), as
// the REST API and the web /info route return them. Only Gitea ≥1.26 carries content_version.

import type { UserName } from './api';
import type { Profile } from './profiles';
import type { AttachmentRecord, CommentRecord, IssueRecord } from './store';
import { account } from './users';

export function userJson(baseUrl: string, user: UserName): Record<string, unknown> {
  const a = account(user);
  return {
    id: a.id,
    login: a.name,
    login_name: '',
    source_id: 0,
    full_name: a.fullName,
    email: `${a.name}@noreply.localhost`,
    avatar_url: `${baseUrl}/assets/img/avatar/${a.name}.svg`,
    html_url: `${baseUrl}/${a.name}`,
    language: '',
    is_admin: a.siteAdmin,
    restricted: false,
    active: true,
    prohibit_login: false,
    visibility: 'public',
    username: a.name,
  };
}

export function attachmentJson(baseUrl: string, attachment: AttachmentRecord): Record<string, unknown> {
  return {
    id: attachment.id,
    name: attachment.name,
    size: attachment.size,
    download_count: 0,
    created_at: attachment.createdAt.toISOString(),
    uuid: attachment.uuid,
    browser_download_url: `${baseUrl}/attachments/${attachment.uuid}`,
  };
}

export function issueJson(
  profile: Profile,
  baseUrl: string,
  issue: IssueRecord,
  commentCount: number,
  options: { withVersion: boolean },
): Record<string, unknown> {
  const repoPath = `${issue.owner}/${issue.repo}`;
  const htmlUrl = `${baseUrl}/${repoPath}/${issue.isPull ? 'pulls' : 'issues'}/${issue.index}`;
  const json: Record<string, unknown> = {
    id: issue.id,
    url: `${baseUrl}/api/v1/repos/${repoPath}/issues/${issue.index}`,
    html_url: htmlUrl,
    number: issue.index,
    user: userJson(baseUrl, issue.poster),
    original_author: '',
    original_author_id: 0,
    title: issue.title,
    body: issue.body,
    ref: '',
    assets: issue.attachments.map((a) => attachmentJson(baseUrl, a)),
    labels: [],
    milestone: null,
    assignee: null,
    assignees: null,
    state: 'open',
    is_locked: false,
    comments: commentCount,
    created_at: issue.createdAt.toISOString(),
    updated_at: issue.updatedAt.toISOString(),
    closed_at: null,
    due_date: null,
    pull_request: issue.isPull ? { merged: false, merged_at: null, draft: false, html_url: htmlUrl } : null,
    repository: { id: 1, name: issue.repo, owner: issue.owner, full_name: repoPath },
    pin_order: 0,
  };
  if (profile.forge === 'gitea' && profile.name !== 'gitea-1.22') json.time_estimate = 0;
  if (options.withVersion) json.content_version = issue.version;
  return json;
}

export function commentJson(baseUrl: string, issue: IssueRecord, comment: CommentRecord): Record<string, unknown> {
  const repoPath = `${issue.owner}/${issue.repo}`;
  const page = `${baseUrl}/${repoPath}/${issue.isPull ? 'pulls' : 'issues'}/${issue.index}`;
  return {
    id: comment.id,
    html_url: `${page}#issuecomment-${comment.id}`,
    pull_request_url: issue.isPull ? page : '',
    issue_url: issue.isPull ? '' : page,
    user: userJson(baseUrl, comment.poster),
    original_author: '',
    original_author_id: 0,
    body: comment.body,
    assets: comment.attachments.map((a) => attachmentJson(baseUrl, a)),
    created_at: comment.createdAt.toISOString(),
    updated_at: comment.updatedAt.toISOString(),
  };
}
