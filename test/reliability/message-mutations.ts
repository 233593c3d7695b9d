// fast-check arbitraries for malformed runtime messages: near misses of valid messages (a value
// of the wrong kind, an extra key, a missing key, a bad origin, a bad number, an update URL for
// another post) and each one's expected refusal. The kinds each field may hold are written out
// here, apart from the zod schemas, so a schema that grows too lenient is caught.
import fc from 'fast-check';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];
type Kind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object' | 'bigint' | 'undefined';

/** How the background must refuse a mutated message. */
export type Refusal =
  /** A MessageError: 'invalid-message' for a malformed one, 'not-allowed' for a foreign target. */
  | 'message-error'
  /** Well-formed, but the page's update URL does not name the target: the engine's 'invalid' Rejection. */
  | 'invalid-rejection';

export interface Mutation {
  what: string;
  message: unknown;
  refusal: Refusal;
}

/** The kinds of value each field of a message may hold, by field name (list items: objects). */
const ALLOWED_KINDS: Record<string, Kind[]> = {
  type: ['string'],
  target: ['object'],
  origin: ['string'],
  repoLink: ['string'],
  kind: ['string'],
  index: ['number'],
  commentId: ['number'],
  op: ['object'],
  edits: ['array'],
  old: ['string'],
  new: ['string'],
  replaceAll: ['boolean'],
  text: ['string'],
  match: ['string'],
  checked: ['boolean'],
  name: ['string'],
  content: ['string'],
  ensure: ['boolean'],
  seen: ['object'],
  body: ['string'],
  version: ['number', 'null'],
  facts: ['object'],
  updateUrl: ['string'],
  context: ['string'],
  contentVersion: ['number', 'null'],
  csrfToken: ['string', 'null'],
  forge: ['string', 'null'],
  forgeVersion: ['string', 'null'],
  entryId: ['string'],
  limit: ['number'],
};
const OPTIONAL_KEYS = new Set(['replaceAll', 'ensure', 'limit']);

function kindOf(value: unknown): Kind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as Kind;
}

function allowedKinds(path: Path): Kind[] {
  const last = path[path.length - 1];
  if (typeof last === 'number') return ['object'];
  const kinds = ALLOWED_KINDS[last ?? ''];
  if (kinds === undefined) throw new Error(`no kinds listed for the field ${path.join('.')}`);
  return kinds;
}

/** Every path below the root, parents before children. */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [];
  const out: Path[] = [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [key, child] of entries) {
    out.push([...prefix, key], ...pathsOf(child, [...prefix, key]));
  }
  return out;
}

function valueAt(root: unknown, path: Path): unknown {
  let at: unknown = root;
  for (const key of path) at = (at as Record<string | number, unknown>)[key];
  return at;
}

/** A deep copy of `root` with the value at `path` replaced, or removed when `remove`. */
function withValueAt(root: Json, path: Path, value: unknown, remove = false): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (remove) delete parent[last];
  // defineProperty: an own key even for '__proto__', as JSON.parse would make it.
  else Object.defineProperty(parent, last, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt(),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.anything(), { maxKeys: 3 }),
);

/** A value of a kind the field at `path` may not hold. */
function wrongKindFor(path: Path): fc.Arbitrary<unknown> {
  const allowed = allowedKinds(path);
  return anyValue.filter((v) => !allowed.includes(kindOf(v)));
}

export function wrongKind(base: Json): fc.Arbitrary<Mutation> {
  return fc.constantFrom(...pathsOf(base)).chain((path) =>
    wrongKindFor(path).map((value) => ({ what: `${path.join('.')} := ${describe(value)}`, message: withValueAt(base, path, value), refusal: 'message-error' as const })),
  );
}

export function extraKey(base: Json): fc.Arbitrary<Mutation> {
  const objects: Path[] = [[], ...pathsOf(base).filter((p) => kindOf(valueAt(base, p)) === 'object')];
  const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'toString', 'body', 'url', 'files[]', 'ignore_attachments', 'content_version'), fc.string({ minLength: 1 }));
  return fc
    .tuple(fc.constantFrom(...objects), key, fc.anything())
    .filter(([path, k]) => !Object.prototype.hasOwnProperty.call(valueAt(base, path), k))
    .map(([path, k, value]) => ({ what: `extra ${[...path, k].join('.')}`, message: withValueAt(base, [...path, k], value), refusal: 'message-error' as const }));
}

export function missingKey(base: Json): fc.Arbitrary<Mutation> {
  const required = pathsOf(base).filter((p) => {
    const last = p[p.length - 1];
    return typeof last === 'string' && !OPTIONAL_KEYS.has(last);
  });
  return fc.constantFrom(...required).map((path) => ({ what: `without ${path.join('.')}`, message: withValueAt(base, path, undefined, true), refusal: 'message-error' as const }));
}

/** Origins that are not the forge's: malformed ones, and well-formed ones of other hosts. */
export function badOrigins(forgeOrigin: string): fc.Arbitrary<string> {
  const host = new URL(forgeOrigin).host;
  return fc.oneof(
    fc.constantFrom(
      'javascript:alert(1)',
      'javascript://127.0.0.1/%0aalert(1)',
      'file:///etc/passwd',
      'data:text/html,<script>alert(1)</script>',
      'chrome-extension://noclobber-id',
      `https://evil.example@${host}`,
      `http://user:pass@${host}`,
      `${forgeOrigin}/`,
      `${forgeOrigin}/owner/repo`,
      `${forgeOrigin}?x=1`,
      `${forgeOrigin}#x`,
      ` ${forgeOrigin}`,
      `${forgeOrigin}\n`,
      `${forgeOrigin.toUpperCase()}`,
      `https://${host}`,
      `http://${host}.evil.example`,
      `http://evil.example`,
      `//${host}`,
      host,
      '',
    ),
    fc.webUrl().filter((u) => !u.startsWith(forgeOrigin)),
    fc.string(),
  );
}

export function badOrigin(base: Json, forgeOrigin: string): fc.Arbitrary<Mutation> {
  return badOrigins(forgeOrigin).map((origin) => ({
    what: `target.origin := ${JSON.stringify(origin)}`,
    message: withValueAt(base, ['target', 'origin'], origin),
    refusal: 'message-error' as const,
  }));
}

/** Numbers a post number or a version may not be, in a field that holds one. */
export function badNumber(base: Json): fc.Arbitrary<Mutation> {
  const anyNumberBad = [1.5, Number.MAX_SAFE_INTEGER + 1, 1e300, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1, -(2 ** 40)];
  const fields: [Path, number[]][] = [];
  for (const path of pathsOf(base)) {
    const last = path[path.length - 1];
    if (last === 'index' || last === 'commentId' || last === 'limit') fields.push([path, [...anyNumberBad, 0, -0]]);
    if ((last === 'version' || last === 'contentVersion') && typeof valueAt(base, path) === 'number') fields.push([path, anyNumberBad]);
  }
  if (fields.length === 0) throw new Error('badNumber: the message has no numeric field');
  return fc
    .constantFrom(...fields)
    .chain(([path, values]) => fc.constantFrom(...values).map((n) => ({ what: `${path.join('.')} := ${n}`, message: withValueAt(base, path, n), refusal: 'message-error' as const })));
}

/**
 * An edit whose page facts name another post than its target, or another origin, or whose
 * target is another (valid) post than its facts: the engine must not write for it.
 */
export function mismatchedPost(base: Json, forgeOrigin: string): fc.Arbitrary<Mutation> {
  const target = (base as { target: { repoLink: string; kind: string; index: number; commentId?: number } }).target;
  const own = target.kind === 'issue' ? `${target.repoLink}/issues/${target.index}/content` : `${target.repoLink}/comments/${target.commentId}`;
  const urls = fc.constantFrom(
    `${target.repoLink}/issues/${target.index + 1000}/content`,
    `${target.repoLink}/comments/${(target.commentId ?? target.index) + 1000}`,
    `/other/repo${own.slice(target.repoLink.length)}`,
    `/prefix${own}`,
    `${own}/`,
    `${own}x`,
    `http://evil.example${own}`,
    `https://evil.example@${new URL(forgeOrigin).host}${own}`,
    `javascript:alert(1)//${own}`,
    own.toUpperCase(),
    '',
  );
  const numberField = target.kind === 'issue' ? 'index' : 'commentId';
  const ownNumber = target.kind === 'issue' ? target.index : (target.commentId as number);
  return fc.oneof(
    urls.map((url) => ({ what: `facts.updateUrl := ${url}`, message: withValueAt(base, ['facts', 'updateUrl'], url), refusal: 'invalid-rejection' as const })),
    fc
      .constantFrom(2 ** 31, Number.MAX_SAFE_INTEGER, ownNumber + 1, ownNumber + 7)
      .map((n) => ({ what: `target.${numberField} := ${n}`, message: withValueAt(base, ['target', numberField], n), refusal: 'invalid-rejection' as const })),
  );
}

function describe(value: unknown): string {
  return fc.stringify(value).slice(0, 60);
}
