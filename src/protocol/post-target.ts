// Which post an edit is about. The forge URLs are derived from these fields, never taken from
// the page, so a message cannot point a write at an arbitrary address.
import * as z from 'zod/mini';

/** `http(s)://host[:port]`, nothing after it (a bracketed IPv6 host included). */
export const ORIGIN_PATTERN = /^https?:\/\/(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/;

const OriginSchema = z.string().check(z.regex(ORIGIN_PATTERN));

/** The repository's path on the forge, as in `data-context`: `/owner/repo` (a sub-path install adds a prefix). */
const RepoLinkSchema = z.string().check(z.regex(/^(?:\/[^/?#\s]+)+$/));

const PositiveIntSchema = z.int().check(z.positive());

export const IssuePostTargetSchema = z.strictObject({
  origin: OriginSchema,
  repoLink: RepoLinkSchema,
  kind: z.literal('issue'),
  /** The issue or pull-request number (not its database id). */
  index: PositiveIntSchema,
});

export const CommentPostTargetSchema = z.strictObject({
  origin: OriginSchema,
  repoLink: RepoLinkSchema,
  kind: z.literal('comment'),
  /** The issue or pull request the comment belongs to: its page is where the comment is read. */
  index: PositiveIntSchema,
  commentId: PositiveIntSchema,
});

export const PostTargetSchema = z.discriminatedUnion('kind', [IssuePostTargetSchema, CommentPostTargetSchema]);
export type PostTarget = z.infer<typeof PostTargetSchema>;

/** A stable key per post, used for queues and status. */
export function postKey(target: PostTarget): string {
  const base = `${target.origin}${target.repoLink}`;
  return target.kind === 'issue' ? `${base}#issue-${target.index}` : `${base}#comment-${target.commentId}`;
}

/** The path the forge's web route accepts the edit on (forge-facts §1). */
export function updatePathOf(target: PostTarget): string {
  return target.kind === 'issue'
    ? `${target.repoLink}/issues/${target.index}/content`
    : `${target.repoLink}/comments/${target.commentId}`;
}
