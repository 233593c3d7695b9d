// Helpers for the double's own tests: an HTTP client that carries a user's session cookie and,
// on old-scheme profiles, a CSRF token; and a small CSS-selector engine over parse5 trees, so
// page structure can be asserted the way a browser would see it.

import { parse } from 'parse5';
import type { ForgeDouble, ProfileName, StartOptions, UserName } from './api';
import { PROFILES } from './profiles';
import { startForge } from './server';

// ---- forge lifecycle ----------------------------------------------------------------------

export const LOCK_PROFILES = (Object.keys(PROFILES) as ProfileName[]).filter((p) => PROFILES[p].lock);
export const NO_LOCK_PROFILES = (Object.keys(PROFILES) as ProfileName[]).filter((p) => !PROFILES[p].lock);
export const TOKEN_PROFILES = (Object.keys(PROFILES) as ProfileName[]).filter((p) => PROFILES[p].writeProtection === 'token');
export const ORIGIN_PROFILES = (Object.keys(PROFILES) as ProfileName[]).filter((p) => PROFILES[p].writeProtection === 'origin');

/** Run `body` against a freshly started double, and always stop it. */
export async function withForge<T>(options: StartOptions, body: (double: ForgeDouble) => Promise<T>): Promise<T> {
  const double = await startForge(options);
  try {
    return await body(double);
  } finally {
    await double.close();
  }
}

// ---- HTTP ---------------------------------------------------------------------------------

export interface PostOptions {
  /** Who is signed in (default owner); null for no session cookie. */
  as?: UserName | null;
  /** Send the form as multipart/form-data instead of url-encoded. */
  multipart?: boolean;
  /** 'header' (default on token profiles), 'field', or 'none'; or an explicit token for the header. */
  csrf?: 'header' | 'field' | 'none' | { header: string } | { field: string };
  headers?: Record<string, string>;
}

export type FormFields = Record<string, string | string[] | undefined>;

function formBody(fields: FormFields, multipart: boolean): URLSearchParams | FormData {
  const form = multipart ? new FormData() : new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  return form;
}

export async function postForm(double: ForgeDouble, path: string, fields: FormFields, options: PostOptions = {}): Promise<Response> {
  const user = options.as === undefined ? 'owner' : options.as;
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (user) headers.cookie = double.sessionCookie(user);
  const allFields: FormFields = { ...fields };
  const csrf = options.csrf ?? 'header';
  const token = user && double.csrfToken ? double.csrfToken(user) : null;
  if (typeof csrf === 'object') {
    if ('header' in csrf) headers['x-csrf-token'] = csrf.header;
    else allFields._csrf = csrf.field;
  } else if (token && csrf === 'header') headers['x-csrf-token'] = token;
  else if (token && csrf === 'field') allFields._csrf = token;
  return fetch(double.url + path, {
    method: 'POST',
    headers,
    body: formBody(allFields, options.multipart ?? false),
    redirect: 'manual',
  });
}

export async function getAs(double: ForgeDouble, path: string, user: UserName | null = 'owner', headers: Record<string, string> = {}): Promise<Response> {
  const all = { ...headers };
  if (user) all.cookie = double.sessionCookie(user);
  return fetch(double.url + path, { headers: all, redirect: 'manual' });
}

export async function pageDom(double: ForgeDouble, path: string, user: UserName | null = 'owner'): Promise<Element> {
  const response = await getAs(double, path, user, { accept: 'text/html' });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return parseHtml(await response.text());
}

// ---- parse5 DOM and selectors ------------------------------------------------------------

export interface Element {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Element[];
  parentNode?: Element | null;
  value?: string; // text nodes
  content?: Element; // <template>
}

export function parseHtml(html: string): Element {
  return parse(html) as unknown as Element;
}

export function attr(el: Element, name: string): string | null {
  return el.attrs?.find((a) => a.name === name)?.value ?? null;
}

export function classes(el: Element): string[] {
  return (attr(el, 'class') ?? '').split(/\s+/).filter(Boolean);
}

export function children(el: Element): Element[] {
  return (el.childNodes ?? []).filter((n) => n.tagName !== undefined);
}

export function textContent(el: Element): string {
  if (el.nodeName === '#text') return el.value ?? '';
  return (el.childNodes ?? []).map(textContent).join('');
}

/** The next element sibling, as Element.nextElementSibling. */
export function nextElementSibling(el: Element): Element | null {
  const siblings = children(el.parentNode ?? ({ nodeName: '', childNodes: [] } as Element));
  const i = siblings.indexOf(el);
  return i >= 0 ? (siblings[i + 1] ?? null) : null;
}

interface Compound {
  tag: string | null;
  id: string | null;
  classes: string[];
  attrs: { name: string; value: string | null }[];
}

type Step = { compound: Compound; combinator: ' ' | '>' };

function parseCompound(text: string): Compound {
  const compound: Compound = { tag: null, id: null, classes: [], attrs: [] };
  const re = /([a-zA-Z][a-zA-Z0-9-]*)|#([A-Za-z0-9_-]+)|\.([A-Za-z0-9_-]+)|\[([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:=(?:"([^"]*)"|'([^']*)'|([^\]]*)))?\]/y;
  let index = 0;
  while (index < text.length) {
    re.lastIndex = index;
    const m = re.exec(text);
    if (!m) throw new Error(`unsupported selector part "${text.slice(index)}"`);
    if (m[1]) compound.tag = m[1].toLowerCase();
    else if (m[2]) compound.id = m[2];
    else if (m[3]) compound.classes.push(m[3]);
    else compound.attrs.push({ name: m[4]!, value: m[5] ?? m[6] ?? m[7] ?? null });
    index = re.lastIndex;
  }
  return compound;
}

function parseSelector(selector: string): Step[] {
  const tokens = selector.trim().replace(/\s*>\s*/g, ' > ').split(/\s+/);
  const steps: Step[] = [];
  let combinator: ' ' | '>' = ' ';
  for (const token of tokens) {
    if (token === '>') {
      combinator = '>';
      continue;
    }
    steps.push({ compound: parseCompound(token), combinator });
    combinator = ' ';
  }
  return steps;
}

function matchesCompound(el: Element, c: Compound): boolean {
  if (el.tagName === undefined) return false;
  if (c.tag && el.tagName !== c.tag) return false;
  if (c.id && attr(el, 'id') !== c.id) return false;
  const cls = classes(el);
  if (!c.classes.every((x) => cls.includes(x))) return false;
  return c.attrs.every((a) => {
    const v = attr(el, a.name);
    return a.value === null ? v !== null : v === a.value;
  });
}

function matchesSteps(el: Element, steps: Step[], last: number): boolean {
  const step = steps[last]!;
  if (!matchesCompound(el, step.compound)) return false;
  if (last === 0) return true;
  let parent = el.parentNode ?? null;
  if (step.combinator === '>') return parent !== null && matchesSteps(parent, steps, last - 1);
  while (parent) {
    if (matchesSteps(parent, steps, last - 1)) return true;
    parent = parent.parentNode ?? null;
  }
  return false;
}

function descendants(root: Element): Element[] {
  const out: Element[] = [];
  const walk = (node: Element) => {
    for (const child of node.childNodes ?? []) {
      if (child.tagName !== undefined) out.push(child);
      walk(child);
    }
    if (node.content) walk(node.content);
  };
  walk(root);
  return out;
}

export function querySelectorAll(root: Element, selector: string): Element[] {
  const alternatives = selector.split(',').map(parseSelector);
  return descendants(root).filter((el) => alternatives.some((steps) => matchesSteps(el, steps, steps.length - 1)));
}

export function querySelector(root: Element, selector: string): Element | null {
  return querySelectorAll(root, selector)[0] ?? null;
}

export function matches(el: Element, selector: string): boolean {
  return selector.split(',').map(parseSelector).some((steps) => matchesSteps(el, steps, steps.length - 1));
}

export function closest(el: Element, selector: string): Element | null {
  let node: Element | null = el;
  while (node) {
    if (node.tagName !== undefined && matches(node, selector)) return node;
    node = node.parentNode ?? null;
  }
  return null;
}
