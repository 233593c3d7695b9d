import { browser } from 'wxt/browser';
import { loadSettings } from '../policy';
import { isBuiltInOrigin, originPattern } from './origins';

/** The id of the content script registered at runtime for self-hosted forges. */
export const FORGE_SCRIPT_ID = 'noclobber-forge-origins';
/** Where WXT writes the content script (`entrypoints/forge.content`). */
export const FORGE_SCRIPT_FILE = 'content-scripts/forge.js';

/**
 * Makes the runtime-registered content script match exactly the configured forge origins
 * whose host permission has been granted. Runs at start-up and whenever settings or
 * permissions change, so a forge added on the options page works without a reload of the
 * extension, and a revoked one stops at once.
 */
export async function syncForgeContentScripts(): Promise<string[]> {
  const { settings } = await loadSettings();
  const granted = new Set((await browser.permissions.getAll()).origins ?? []);
  const matches = settings.forgeOrigins
    .filter((origin) => !isBuiltInOrigin(origin))
    .map(originPattern)
    .filter((pattern) => granted.has(pattern));
  const existing = await browser.scripting.getRegisteredContentScripts({ ids: [FORGE_SCRIPT_ID] });
  if (matches.length === 0) {
    if (existing.length > 0) await browser.scripting.unregisterContentScripts({ ids: [FORGE_SCRIPT_ID] });
    return [];
  }
  const script = { id: FORGE_SCRIPT_ID, matches, js: [FORGE_SCRIPT_FILE], runAt: 'document_start' as const };
  if (existing.length > 0) await browser.scripting.updateContentScripts([script]);
  else await browser.scripting.registerContentScripts([script]);
  return matches;
}
