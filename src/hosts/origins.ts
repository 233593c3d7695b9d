// Self-hosted forges live on any origin. These helpers turn what a user types into an origin
// and an origin into the match pattern that permissions and content-script registration take.

export type OriginResult = { ok: true; origin: string } | { ok: false; reason: string };

/** Accepts a forge URL as a user would paste it (`git.example.org`, `https://git.example.org/owner/repo`). */
export function parseForgeOrigin(input: string): OriginResult {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'Enter the address of a Gitea or Forgejo server.' };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, reason: `“${text}” is not a web address.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: `Only http and https forges are supported, not ${url.protocol.slice(0, -1)}.` };
  }
  if (url.username || url.password) return { ok: false, reason: 'Leave the user name and password out of the address.' };
  return { ok: true, origin: url.origin };
}

/**
 * The match pattern of every page of an origin, used both for the host permission and for the
 * registered content script. It keeps the port, so only that one server is granted.
 */
export function originPattern(origin: string): string {
  return `${new URL(origin).origin}/*`;
}

/** Origins the manifest already covers, for which nothing is registered at runtime. */
export const BUILT_IN_ORIGIN_HOSTS = ['127.0.0.1', 'localhost'] as const;

export function isBuiltInOrigin(origin: string): boolean {
  return (BUILT_IN_ORIGIN_HOSTS as readonly string[]).includes(new URL(origin).hostname);
}
