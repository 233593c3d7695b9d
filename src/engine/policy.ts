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

/**
 * null when the body can be sent as it is, else why not. A lone surrogate cannot be encoded as
 * UTF-8: the form encoding would turn it into U+FFFD, so the forge would store a body other
 * than the one the engine confirms.
 */
export function textProblem(body: string): string | null {
  return body.isWellFormed() ? null : 'the edited text holds a lone surrogate (not valid Unicode), which the forge would store altered';
}
