import type { EnginePolicy } from '../protocol/policy';
import { defaultSettings, type Settings } from './settings';

/** The part of the settings in force that the background engine enforces on every write. */
export function enginePolicyOf(settings: Settings): EnginePolicy {
  return {
    allowedOps: [...settings.allowedOps],
    requireVersionLock: settings.requireVersionLock,
    maxBodyBytes: settings.maxBodyBytes,
    sectionPrefix: settings.sectionPrefix,
  };
}

/** What the engine enforces when neither the user nor a policy set anything. */
export const DEFAULT_ENGINE_POLICY: EnginePolicy = enginePolicyOf(defaultSettings());
