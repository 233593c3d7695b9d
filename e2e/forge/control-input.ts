// Validation of test-control payloads (JSON from other processes): each reader returns a typed
// value or throws an Error whose message says which field is wrong and why.

import type { FaultRule, PostRef, SeedComment, SeedIssue, UserName } from './api';
import { validateFault } from './faults';
import { isLanguage, type Language } from './messages';
import { isUserName } from './users';

type Json = Record<string, unknown>;

export function object(value: unknown, what: string): Json {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${what} must be a JSON object`);
  return value as Json;
}

function optionalString(o: Json, key: string): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new Error(`"${key}" must be a string`);
  return v;
}

function requiredString(o: Json, key: string): string {
  const v = optionalString(o, key);
  if (v === undefined) throw new Error(`"${key}" is required (a string)`);
  return v;
}

function optionalBoolean(o: Json, key: string): boolean | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw new Error(`"${key}" must be true or false`);
  return v;
}

function positiveInt(o: Json, key: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new Error(`"${key}" must be a positive integer`);
  return v;
}

function optionalUser(o: Json, key: string): UserName | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (!isUserName(v)) throw new Error(`"${key}" must be one of owner, writer, reader, outsider`);
  return v;
}

function optionalStringList(o: Json, key: string): string[] | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new Error(`"${key}" must be a list of strings`);
  return v as string[];
}

export function readUser(value: unknown, key = 'user'): UserName {
  if (!isUserName(value)) throw new Error(`"${key}" must be one of owner, writer, reader, outsider`);
  return value;
}

export function readSeedIssue(value: unknown): SeedIssue {
  const o = object(value, 'the issue seed');
  return {
    owner: optionalString(o, 'owner'),
    repo: optionalString(o, 'repo'),
    title: optionalString(o, 'title'),
    body: requiredString(o, 'body'),
    isPull: optionalBoolean(o, 'isPull'),
    poster: optionalUser(o, 'poster'),
    attachments: optionalStringList(o, 'attachments'),
  };
}

export function readSeedComment(value: unknown): SeedComment {
  const o = object(value, 'the comment seed');
  const kind = o.kind;
  if (kind !== undefined && kind !== 'comment' && kind !== 'event') throw new Error('"kind" must be "comment" or "event"');
  return {
    owner: optionalString(o, 'owner'),
    repo: optionalString(o, 'repo'),
    index: positiveInt(o, 'index'),
    body: requiredString(o, 'body'),
    poster: optionalUser(o, 'poster'),
    review: optionalBoolean(o, 'review'),
    attachments: optionalStringList(o, 'attachments'),
    kind,
  };
}

export function readPostRef(value: unknown): PostRef {
  const o = object(value, '"post"');
  const owner = optionalString(o, 'owner');
  const repo = optionalString(o, 'repo');
  if (o.kind === 'issue') return { kind: 'issue', index: positiveInt(o, 'index'), owner, repo };
  if (o.kind === 'comment') return { kind: 'comment', commentId: positiveInt(o, 'commentId'), owner, repo };
  throw new Error('"post.kind" must be "issue" (with "index") or "comment" (with "commentId")');
}

/** A post reference from query parameters: ?kind=issue&index=1 or ?kind=comment&commentId=2001. */
export function readPostRefFromQuery(query: URLSearchParams): PostRef {
  const numeric = (key: string) => (query.has(key) ? Number(query.get(key)) : undefined);
  return readPostRef({
    kind: query.get('kind') ?? undefined,
    index: numeric('index'),
    commentId: numeric('commentId'),
    owner: query.get('owner') ?? undefined,
    repo: query.get('repo') ?? undefined,
  });
}

/** A fault rule; over HTTP a RegExp path is sent as "pathRegExp" (source) with optional "pathFlags". */
export function readFaultRule(value: unknown): FaultRule {
  const o = object(value, 'the fault rule');
  const rule: FaultRule = { fault: validateFault(o.fault) };
  const method = optionalString(o, 'method');
  if (method !== undefined) rule.method = method.toUpperCase();
  const path = optionalString(o, 'path');
  const pathRegExp = optionalString(o, 'pathRegExp');
  if (path !== undefined && pathRegExp !== undefined) throw new Error('give either "path" or "pathRegExp", not both');
  if (path !== undefined) rule.path = path;
  if (pathRegExp !== undefined) {
    try {
      rule.path = new RegExp(pathRegExp, optionalString(o, 'pathFlags') ?? '');
    } catch (error) {
      throw new Error(`"pathRegExp" is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (o.times !== undefined) rule.times = positiveInt(o, 'times');
  return rule;
}

export function readLanguage(value: unknown): Language {
  if (!isLanguage(value)) throw new Error('"language" must be one of en-US, de-DE, fr-FR');
  return value;
}

export function readTheme(value: unknown): 'light' | 'dark' | 'auto' {
  if (value !== 'light' && value !== 'dark' && value !== 'auto') throw new Error('"theme" must be light, dark or auto');
  return value;
}
