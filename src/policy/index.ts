export { SETTINGS, SETTING_KEYS, OP_KINDS, defaultSettings, isSettingKey } from './settings';
export type { Settings, SettingKey, OpKind } from './settings';
export { mergeSettings } from './merge';
export type { EffectiveSettings } from './merge';
export { loadSettings, watchSettings, saveUserSetting, USER_SETTINGS_KEY } from './store';
export { buildManagedSchema } from './managed-schema';
export { enginePolicyOf, DEFAULT_ENGINE_POLICY } from './engine-policy';
