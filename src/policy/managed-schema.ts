import { SETTINGS, SETTING_KEYS } from './settings';

/**
 * The schema Chrome validates managed policy against (manifest `storage.managed_schema`),
 * derived from the settings table. public/managed-schema.json must equal this; a test checks it.
 */
export function buildManagedSchema(): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    const setting = SETTINGS[key];
    properties[key] = { title: setting.title, description: setting.description, ...setting.chromeSchema };
  }
  return { type: 'object', properties };
}
