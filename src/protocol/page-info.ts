// What the content script in a tab tells the popup about the page it runs on. Sent with
// tabs.sendMessage from the popup to the content script (never from a web page: only the
// extension can message a tab's content script).
import * as z from 'zod/mini';
import { ForgeKindSchema } from './page-facts';

export const PageInfoRequestSchema = z.strictObject({ type: z.literal('page-info') });
export type PageInfoRequest = z.infer<typeof PageInfoRequestSchema>;

export const PageInfoSchema = z.strictObject({
  type: z.literal('page-info'),
  forge: z.nullable(ForgeKindSchema),
  forgeVersion: z.nullable(z.string()),
  /** How many posts the page shows, and how many of them the viewer may edit. */
  posts: z.int().check(z.nonnegative()),
  editablePosts: z.int().check(z.nonnegative()),
  /** Posts with a `content_version` lock; fewer than `posts` on forges without one. */
  lockedPosts: z.int().check(z.nonnegative()),
  /** Whether the page carries the old CSRF token scheme. */
  csrfToken: z.boolean(),
  /** False when policy (`nativeEdit: off`) keeps the extension idle on this page. */
  active: z.boolean(),
});
export type PageInfo = z.infer<typeof PageInfoSchema>;
