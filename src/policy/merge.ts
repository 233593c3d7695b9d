import { SETTINGS, SETTING_KEYS, defaultSettings, isSettingKey, type SettingKey, type Settings } from './settings';

/** The settings in force, where each came from, and what was ignored and why. */
export interface EffectiveSettings {
  settings: Settings;
  /** Keys set by the organisation's policy: shown locked, never changed by the user. */
  managed: SettingKey[];
  /** True when the user may not change a key (managed, or every key under `lockSettings`). */
  locked: (key: SettingKey) => boolean;
  /** One sentence per ignored value, for the options page and popup to show. */
  notices: string[];
}

function describe(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
  } catch {
    return String(value);
  }
}

/**
 * Validates one source of values key by key. A key whose value fails validation is dropped
 * whole, never partly applied (an `allowedOps` list with one unknown entry is ignored, not filtered).
 */
function validated(
  source: Record<string, unknown>,
  origin: 'policy' | 'your settings',
): { values: Partial<Settings>; notices: string[] } {
  const values: Record<string, unknown> = {};
  const notices: string[] = [];
  for (const [key, value] of Object.entries(source)) {
    if (!isSettingKey(key)) {
      if (origin === 'policy') notices.push(`Ignored the policy key "${key}": the extension has no such setting.`);
      continue;
    }
    const parsed = SETTINGS[key].schema.safeParse(value);
    if (parsed.success) values[key] = parsed.data;
    else notices.push(`Ignored ${origin === 'policy' ? 'the policy value' : 'your setting'} ${key} = ${describe(value)}: it is not a valid value.`);
  }
  return { values: values as Partial<Settings>, notices };
}

/**
 * Managed values win over user values, which win over defaults. When any managed value is in
 * force, `requireVersionLock` defaults to true: an organisation that deploys the extension
 * asks for no unlocked writes unless it says otherwise.
 */
export function mergeSettings(user: Record<string, unknown>, managed: Record<string, unknown>): EffectiveSettings {
  const fromUser = validated(user, 'your settings');
  const fromPolicy = validated(managed, 'policy');
  const settings = defaultSettings();
  const managedKeys = SETTING_KEYS.filter((key) => key in fromPolicy.values);
  if (managedKeys.length > 0) settings.requireVersionLock = true;
  Object.assign(settings, fromUser.values, fromPolicy.values);
  const lockAll = fromPolicy.values.lockSettings === true;
  return {
    settings,
    managed: managedKeys,
    locked: (key) => lockAll || managedKeys.includes(key),
    notices: [...fromPolicy.notices, ...fromUser.notices],
  };
}
