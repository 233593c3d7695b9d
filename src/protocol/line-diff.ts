// A line diff between two bodies (what the page showed → what the forge holds), in the hunk
// form jsdiff's structuredPatch produces: each line starts with ' ', '-' or '+'.
import * as z from 'zod/mini';

export const LineDiffHunkSchema = z.strictObject({
  oldStart: z.int(),
  oldLines: z.int(),
  newStart: z.int(),
  newLines: z.int(),
  lines: z.array(z.string()),
});

export const LineDiffSchema = z.strictObject({
  hunks: z.array(LineDiffHunkSchema),
});
export type LineDiff = z.infer<typeof LineDiffSchema>;
