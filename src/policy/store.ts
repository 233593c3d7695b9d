import { browser } from 'wxt/browser';
import { mergeSettings, type EffectiveSettings } from './merge';
import { SETTINGS, type SettingKey, type Settings } from './settings';

/** Where the user's own settings live in `storage.local`. */
export const USER_SETTINGS_KEY = 'settings';

async function readManaged(): Promise<Record<string, unknown>> {
  try {
    // Firefox throws when no policies.json names the extension; Chrome answers {} without a policy.
    return (await browser.storage.managed.get()) ?? {};
  } catch {
    return {};
  }
}

async function readUser(): Promise<Record<string, unknown>> {
  const stored = (await browser.storage.local.get(USER_SETTINGS_KEY))[USER_SETTINGS_KEY];
  return typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
}

export async function loadSettings(): Promise<EffectiveSettings> {
  const [user, managed] = await Promise.all([readUser(), readManaged()]);
  return mergeSettings(user, managed);
}

/** Calls `onChange` with the new effective settings whenever the policy or the user's settings change. */
export function watchSettings(onChange: (settings: EffectiveSettings) => void, signal: AbortSignal): void {
  const listener = (changes: Record<string, unknown>, area: string): void => {
    if (area === 'managed' || (area === 'local' && USER_SETTINGS_KEY in changes)) {
      void loadSettings().then((next) => {
        if (!signal.aborted) onChange(next);
      });
    }
  };
  browser.storage.onChanged.addListener(listener);
  signal.addEventListener('abort', () => browser.storage.onChanged.removeListener(listener), { once: true });
}

export type SaveResult = { ok: true } | { ok: false; reason: string };

/** Stores one user setting, unless the organisation's policy locks it or the value is invalid. */
export async function saveUserSetting<K extends SettingKey>(key: K, value: Settings[K]): Promise<SaveResult> {
  const current = await loadSettings();
  if (current.locked(key)) return { ok: false, reason: `${SETTINGS[key].title} is set by your organisation.` };
  if (!SETTINGS[key].schema.safeParse(value).success) {
    return { ok: false, reason: `${SETTINGS[key].title}: ${JSON.stringify(value)} is not a valid value.` };
  }
  const user = await readUser();
  await browser.storage.local.set({ [USER_SETTINGS_KEY]: { ...user, [key]: value } });
  return { ok: true };
}
