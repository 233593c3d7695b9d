// Which forge the specs run against: the double in every profile under test by default, or the
// real forge named by FORGE_URL.
import type { ProfileName } from '../forge/api';
import { openDoubleDriver } from './double';
import { openRealDriver, realConfigFromEnv } from './real';
import type { ForgeDriver } from './types';

export type { Capability, ForgeDriver, LoggedWrite, PostRef, Role, SeededIssue } from './types';

/** The double's profiles every spec runs in: the oldest and newest Gitea and Forgejo shapes. */
export const PROFILES_UNDER_TEST: ProfileName[] = ['gitea-1.22', 'gitea-1.26', 'gitea-1.27', 'forgejo-11', 'forgejo-14'];

/** 'real' when FORGE_URL is set, else one target per profile under test. */
export function forgeTargets(env: NodeJS.ProcessEnv = process.env): string[] {
  return env.FORGE_URL ? ['real'] : PROFILES_UNDER_TEST;
}

export function openDriver(target: string, env: NodeJS.ProcessEnv = process.env): Promise<ForgeDriver> {
  if (target === 'real') return openRealDriver(realConfigFromEnv(env));
  if (!(PROFILES_UNDER_TEST as string[]).includes(target) && !/^(gitea|forgejo)-/.test(target)) {
    throw new Error(`Unknown forge target ${target}.`);
  }
  return openDoubleDriver(target as ProfileName);
}
