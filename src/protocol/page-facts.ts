// What the content script reads off the page for one post, and what the page showed.
import * as z from 'zod/mini';

export const ForgeKindSchema = z.enum(['gitea', 'forgejo']);
export type ForgeKind = z.infer<typeof ForgeKindSchema>;

export const PageFactsSchema = z.strictObject({
  /** `data-update-url` of the post's `.edit-content-zone`. Checked against the target, never trusted alone. */
  updateUrl: z.string(),
  /** `data-context` (the repo link), sent back as the `context` field. */
  context: z.string(),
  /** `data-content-version`; null when the attribute is absent, i.e. the forge has no lock. */
  contentVersion: z.nullable(z.int().check(z.nonnegative())),
  /** Old CSRF scheme token (`body[hx-headers]` or `input[name=_csrf]`); null on forges without one. */
  csrfToken: z.nullable(z.string()),
  forge: z.nullable(ForgeKindSchema),
  /** e.g. '1.23.4' or '11.0.1'; null when the page does not tell. */
  forgeVersion: z.nullable(z.string()),
});
export type PageFacts = z.infer<typeof PageFactsSchema>;

/** The body and version the page showed when the user acted: the base the op was meant for. */
export const SeenSchema = z.strictObject({
  body: z.string(),
  version: z.nullable(z.int().check(z.nonnegative())),
});
export type Seen = z.infer<typeof SeenSchema>;
