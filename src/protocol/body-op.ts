// The wire form of a body op. It mirrors src/body's `BodyOp` exactly; the type assertion at
// the bottom fails the type check the moment the two drift apart.
import * as z from 'zod/mini';
import type { BodyOp as BodyModuleOp } from '../body/index';

export const PatchEditSchema = z.strictObject({
  old: z.string(),
  new: z.string(),
  replaceAll: z.optional(z.boolean()),
});

export const PatchOpSchema = z.strictObject({
  kind: z.literal('patch'),
  // Empty lists and empty anchors are left to applyOp, which rejects them as 'invalid' with a
  // typed Rejection instead of a bare schema error.
  edits: z.array(PatchEditSchema),
});

export const AppendOpSchema = z.strictObject({
  kind: z.literal('append'),
  text: z.string(),
});

export const TaskToggleOpSchema = z.strictObject({
  kind: z.literal('task-toggle'),
  match: z.string(),
  checked: z.boolean(),
});

export const SectionReplaceOpSchema = z.strictObject({
  kind: z.literal('section-replace'),
  name: z.string(),
  content: z.string(),
  ensure: z.optional(z.boolean()),
});

export const BodyOpSchema = z.discriminatedUnion('kind', [
  PatchOpSchema,
  AppendOpSchema,
  TaskToggleOpSchema,
  SectionReplaceOpSchema,
]);

export const BODY_OP_KINDS = ['patch', 'append', 'task-toggle', 'section-replace'] as const;
export type BodyOpKind = (typeof BODY_OP_KINDS)[number];
export const BodyOpKindSchema = z.enum(BODY_OP_KINDS);

export type BodyOp = z.infer<typeof BodyOpSchema>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const wireMatchesBody: Same<BodyOp, BodyModuleOp> = true;
const kindsMatchBody: Same<BodyOpKind, BodyModuleOp['kind']> = true;
void wireMatchesBody;
void kindsMatchBody;
