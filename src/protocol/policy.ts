// The part of the merged policy the engine enforces. It travels in status answers so the
// popup can show what is in force.
import * as z from 'zod/mini';
import { BodyOpKindSchema } from './body-op';

export const EnginePolicySchema = z.strictObject({
  /** Op kinds the engine will carry out; others are refused with 'op-not-allowed'. */
  allowedOps: z.array(BodyOpKindSchema),
  /** Refuse to write on forges without a content_version lock. */
  requireVersionLock: z.boolean(),
  /** Largest body, in UTF-8 bytes, the engine will write. */
  maxBodyBytes: z.int().check(z.positive()),
  /** Section marker prefix (`<!-- {prefix}:section:name -->`). */
  sectionPrefix: z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/)),
});
export type EnginePolicy = z.infer<typeof EnginePolicySchema>;
