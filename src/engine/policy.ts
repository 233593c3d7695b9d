// Policy checks the engine makes before any write, and the defaults used until a managed
// policy or user settings say otherwise.
import type { BodyOp, EnginePolicy } from '../protocol/index';
import { utf8Bytes } from './body-compare';

export { DEFAULT_ENGINE_POLICY } from '../policy/engine-policy';

export function opAllowed(policy: EnginePolicy, op: BodyOp): boolean {
  return policy.allowedOps.includes(op.kind);
}

/** null when the body fits, else a short statement of the sizes. */
export function sizeProblem(policy: EnginePolicy, body: string): string | null {
  const bytes = utf8Bytes(body);
  return bytes > policy.maxBodyBytes ? `${bytes} bytes, limit ${policy.maxBodyBytes}` : null;
}
