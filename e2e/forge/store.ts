// The double's database: repositories, issues and pull requests (which share one index
// sequence per repository, as on the forges), comments and attachments. Everything is in memory
// and synchronous, so a check-then-write with no await in between is atomic, like the forges'
// `UPDATE … WHERE content_version = ?`.

import { randomUUID } from 'node:crypto';
import type { Attachment, PostRef, SeedComment, SeedIssue, StoredPost, UserName } from './api';

export interface AttachmentRecord extends Attachment {
  readonly id: number;
  readonly size: number;
  readonly content: Buffer;
  readonly createdAt: Date;
}

interface PostFields {
  body: string;
  version: number;
  attachments: AttachmentRecord[];
  deleted: boolean;
  poster: UserName;
  createdAt: Date;
  updatedAt: Date;
}

export interface IssueRecord extends PostFields {
  readonly kind: 'issue';
  readonly id: number; // database id, shared by issues and pull requests
  readonly owner: string;
  readonly repo: string;
  readonly index: number;
  title: string;
  readonly isPull: boolean;
}

/** 'comment' and 'code' (a review comment on a diff line) hold text; 'event' does not. */
export type CommentType = 'comment' | 'code' | 'event';

export interface CommentRecord extends PostFields {
  readonly kind: 'comment';
  readonly id: number;
  readonly issueId: number;
  readonly type: CommentType;
  /** For code comments: the file and line the review comment sits on. */
  readonly treePath: string | null;
  readonly line: number | null;
}

export type PostRecord = IssueRecord | CommentRecord;

export interface RepoRecord {
  readonly id: number;
  readonly owner: string;
  readonly name: string;
  nextIndex: number;
}

export type SwapOutcome = { ok: true; version: number } | { ok: false; version: number };

const DEFAULT_OWNER = 'owner';
const DEFAULT_REPO = 'repo';

export class ForgeStore {
  private readonly repos = new Map<string, RepoRecord>();
  private readonly issues = new Map<number, IssueRecord>();
  private readonly comments = new Map<number, CommentRecord>();
  private readonly attachmentsByUuid = new Map<string, AttachmentRecord>();
  // Distinct id ranges make it obvious when a test mixes up an issue's number, its database id
  // and a comment id.
  private nextIssueId = 101;
  private nextCommentId = 2001;
  private nextRepoId = 1;
  private nextAttachmentId = 1;

  repo(owner: string, name: string): RepoRecord | undefined {
    return this.repos.get(repoKey(owner, name));
  }

  ensureRepo(owner = DEFAULT_OWNER, name = DEFAULT_REPO): RepoRecord {
    assertRepoName(owner, 'owner');
    assertRepoName(name, 'repo');
    const key = repoKey(owner, name);
    let repo = this.repos.get(key);
    if (!repo) {
      repo = { id: this.nextRepoId++, owner, name, nextIndex: 1 };
      this.repos.set(key, repo);
    }
    return repo;
  }

  allRepos(): RepoRecord[] {
    return [...this.repos.values()];
  }

  createIssue(seed: SeedIssue): IssueRecord {
    if (typeof seed.body !== 'string') throw new Error('seedIssue: body must be a string');
    const repo = this.ensureRepo(seed.owner, seed.repo);
    const now = new Date();
    const issue: IssueRecord = {
      kind: 'issue',
      id: this.nextIssueId++,
      owner: repo.owner,
      repo: repo.name,
      index: repo.nextIndex++,
      title: seed.title ?? (seed.isPull ? 'Pull request' : 'Issue'),
      isPull: seed.isPull ?? false,
      poster: seed.poster ?? 'owner',
      body: seed.body,
      version: 0,
      attachments: [],
      deleted: false,
      createdAt: now,
      updatedAt: now,
    };
    for (const name of seed.attachments ?? []) issue.attachments.push(this.newAttachment(name));
    this.issues.set(issue.id, issue);
    return issue;
  }

  createComment(seed: SeedComment & { type?: CommentType }): CommentRecord {
    if (typeof seed.body !== 'string') throw new Error('seedComment: body must be a string');
    const issue = this.issueByIndex(seed.owner ?? DEFAULT_OWNER, seed.repo ?? DEFAULT_REPO, seed.index);
    if (!issue || issue.deleted) {
      throw new Error(`seedComment: no issue or pull request #${seed.index} in ${seed.owner ?? DEFAULT_OWNER}/${seed.repo ?? DEFAULT_REPO}`);
    }
    const type: CommentType = seed.type ?? (seed.kind === 'event' ? 'event' : seed.review ? 'code' : 'comment');
    if (type === 'code' && !issue.isPull) {
      throw new Error(`seedComment: review comments exist only on pull requests; #${seed.index} is an issue`);
    }
    const now = new Date();
    const comment: CommentRecord = {
      kind: 'comment',
      id: this.nextCommentId++,
      issueId: issue.id,
      type,
      treePath: type === 'code' ? 'src/main.ts' : null,
      line: type === 'code' ? 12 : null,
      poster: seed.poster ?? 'owner',
      body: type === 'event' ? '' : seed.body,
      version: 0,
      attachments: [],
      deleted: false,
      createdAt: now,
      updatedAt: now,
    };
    for (const name of seed.attachments ?? []) comment.attachments.push(this.newAttachment(name));
    this.comments.set(comment.id, comment);
    return comment;
  }

  issueByIndex(owner: string, repo: string, index: number): IssueRecord | undefined {
    const key = repoKey(owner, repo);
    for (const issue of this.issues.values()) {
      if (issue.index === index && repoKey(issue.owner, issue.repo) === key) return issue;
    }
    return undefined;
  }

  issueById(id: number): IssueRecord | undefined {
    return this.issues.get(id);
  }

  comment(id: number): CommentRecord | undefined {
    return this.comments.get(id);
  }

  issuesOf(owner: string, repo: string): IssueRecord[] {
    const key = repoKey(owner, repo);
    return [...this.issues.values()].filter((i) => !i.deleted && repoKey(i.owner, i.repo) === key);
  }

  /** Live comments of an issue, oldest first. */
  commentsOf(issueId: number): CommentRecord[] {
    return [...this.comments.values()].filter((c) => c.issueId === issueId && !c.deleted);
  }

  /** Is the post gone, either deleted itself or (for a comment) with its issue? */
  isGone(post: PostRecord): boolean {
    if (post.deleted) return true;
    if (post.kind === 'comment') return this.issues.get(post.issueId)?.deleted ?? true;
    return false;
  }

  /** The post a test names, or a clear error. */
  resolve(ref: PostRef): PostRecord {
    const owner = ref.owner ?? DEFAULT_OWNER;
    const repo = ref.repo ?? DEFAULT_REPO;
    if (ref.kind === 'issue') {
      const issue = this.issueByIndex(owner, repo, ref.index);
      if (!issue) throw new Error(`no issue or pull request #${ref.index} in ${owner}/${repo}`);
      return issue;
    }
    if (ref.kind === 'comment') {
      const comment = this.comments.get(ref.commentId);
      if (!comment) throw new Error(`no comment ${ref.commentId}`);
      return comment;
    }
    throw new Error(`unknown post kind ${JSON.stringify((ref as { kind?: unknown }).kind)}`);
  }

  /**
   * Replace the body. With `expected`, only when the stored version still equals it (the
   * forge's compare-and-swap); every successful write bumps the version by one.
   */
  writeBody(post: PostRecord, body: string, expected?: number): SwapOutcome {
    if (expected !== undefined && post.version !== expected) return { ok: false, version: post.version };
    post.body = body;
    post.version += 1;
    post.updatedAt = new Date();
    return { ok: true, version: post.version };
  }

  /** Bump the version without touching the text (what an attachment upload does). */
  touch(post: PostRecord): void {
    post.version += 1;
    post.updatedAt = new Date();
  }

  markDeleted(post: PostRecord): void {
    post.deleted = true;
  }

  addAttachment(post: PostRecord, name: string, content?: Buffer): AttachmentRecord {
    const attachment = this.newAttachment(name, content);
    post.attachments.push(attachment);
    return attachment;
  }

  /** Delete every attachment of the post whose UUID is not kept (the stored file goes too). */
  deleteAttachmentsExcept(post: PostRecord, keep: readonly string[]): AttachmentRecord[] {
    const removed = post.attachments.filter((a) => !keep.includes(a.uuid));
    post.attachments = post.attachments.filter((a) => keep.includes(a.uuid));
    for (const attachment of removed) this.attachmentsByUuid.delete(attachment.uuid);
    return removed;
  }

  attachment(uuid: string): AttachmentRecord | undefined {
    return this.attachmentsByUuid.get(uuid);
  }

  snapshot(post: PostRecord): StoredPost {
    return {
      body: post.body,
      version: post.version,
      attachments: post.attachments.map((a) => ({ uuid: a.uuid, name: a.name })),
      deleted: this.isGone(post),
    };
  }

  private newAttachment(name: string, content?: Buffer): AttachmentRecord {
    if (typeof name !== 'string' || name.length === 0) throw new Error('an attachment needs a file name');
    const data = content ?? Buffer.from(`Contents of ${name}\n`, 'utf8');
    const attachment: AttachmentRecord = {
      id: this.nextAttachmentId++,
      uuid: randomUUID(),
      name,
      size: data.length,
      content: data,
      createdAt: new Date(),
    };
    this.attachmentsByUuid.set(attachment.uuid, attachment);
    return attachment;
  }
}

function repoKey(owner: string, name: string): string {
  return `${owner.toLowerCase()}/${name.toLowerCase()}`;
}

function assertRepoName(value: unknown, what: string): void {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_.-]+$/.test(value) || value === '-' || value.startsWith('.')) {
    throw new Error(`invalid repository ${what} name ${JSON.stringify(value)}`);
  }
}
