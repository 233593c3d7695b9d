// Checklist changes as src/body's diffChecklists describes them, in wire form.
import * as z from 'zod/mini';
import type { ChecklistChange } from '../body/index';

export const ChecklistFlipSchema = z.strictObject({
  label: z.string(),
  /** The state after the change. */
  checked: z.boolean(),
});
export type ChecklistFlip = z.infer<typeof ChecklistFlipSchema>;

export const ChecklistChangeSchema = z.strictObject({
  /** null when the two lists do not pair up item by item. */
  flips: z.nullable(z.array(ChecklistFlipSchema)),
  beforeBlocks: z.string(),
  afterBlocks: z.string(),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const wireMatchesBody: Same<z.infer<typeof ChecklistChangeSchema>, ChecklistChange> = true;
void wireMatchesBody;
