// The header-based cross-origin check of the new write-protection scheme (Gitea ≥1.26,
// Forgejo ≥v14), which follows Go's http.CrossOriginProtection: safe methods always pass; a
// request that says where it comes from (Sec-Fetch-Site) must come from the same origin or from
// no site at all (typed URL, extension worker); without that header an Origin must name this
// host; a request with neither header (curl, old browsers) passes.

export type OriginVerdict = { ok: true } | { ok: false; reason: string };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function checkCrossOrigin(
  method: string,
  headers: { secFetchSite?: string; origin?: string; host?: string },
): OriginVerdict {
  if (SAFE_METHODS.has(method.toUpperCase())) return { ok: true };
  const site = headers.secFetchSite?.trim().toLowerCase();
  if (site) {
    if (site === 'same-origin' || site === 'none') return { ok: true };
    return { ok: false, reason: `cross-origin request refused: Sec-Fetch-Site is "${site}"` };
  }
  const origin = headers.origin?.trim();
  if (!origin) return { ok: true };
  let originHost: string | null = null;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = null; // "null" and other opaque origins never match
  }
  if (originHost && headers.host && originHost.toLowerCase() === headers.host.toLowerCase()) {
    return { ok: true };
  }
  return { ok: false, reason: `cross-origin request refused: Origin ${origin} does not match Host ${headers.host ?? '(none)'}` };
}
