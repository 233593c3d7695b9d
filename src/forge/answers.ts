// The shapes forge answers may take, and what each one means for a write (forge-facts §1).
// Unexpected shapes become a clear 'bad-answer', never a guess.
import * as z from 'zod/mini';

/** 200 after a successful write. Forges without a lock leave contentVersion out. */
export const WriteSuccessSchema = z.looseObject({
  content: z.string(),
  contentVersion: z.optional(z.int().check(z.nonnegative())),
  attachments: z.optional(z.nullable(z.string())),
});

/** 400 JSON: a version conflict, or another refusal in the same shape (decided by re-reading). */
export const WriteErrorSchema = z.looseObject({
  errorMessage: z.string(),
  renderFormat: z.optional(z.string()),
});

/** `GET …/issues/{index}/info`: Gitea ≥1.26 adds content_version; Forgejo answers a bare issue. */
export const IssueInfoSchema = z.looseObject({
  convertedIssue: z.looseObject({
    body: z.string(),
    content_version: z.optional(z.int().check(z.nonnegative())),
  }),
});

export type WriteOutcome =
  | { kind: 'written'; version: number | null; renderedHtml: string }
  /** 400 (JSON or text other than the CSRF one): maybe a conflict; only a re-read can tell. */
  | { kind: 'refused'; detail: string }
  | { kind: 'csrf'; detail: string }
  | { kind: 'cross-origin'; detail: string }
  | { kind: 'forbidden'; detail: string }
  | { kind: 'gone'; detail: string }
  | { kind: 'no-content'; detail: string }
  /**
   * No answer, a timeout or a 5xx after sending: the write may or may not have landed. `cause`
   * says which, for the report when reading back shows that it did not.
   */
  | { kind: 'unknown'; detail: string; cause: 'server-error' | 'network' }
  /** An answer of the wrong shape: the write may or may not have landed either. */
  | { kind: 'bad-answer'; detail: string };

export function classifyWriteAnswer(status: number, contentType: string, text: string): WriteOutcome {
  const json = contentType.includes('json') || /^\s*[{[]/.test(text) ? tryJson(text) : undefined;
  if (status === 200) {
    if (json === undefined) return { kind: 'bad-answer', detail: `HTTP 200 with ${describeBody(contentType, text)} instead of JSON` };
    const parsed = WriteSuccessSchema.safeParse(json);
    if (!parsed.success) return { kind: 'bad-answer', detail: 'HTTP 200 with JSON of an unexpected shape' };
    return { kind: 'written', version: parsed.data.contentVersion ?? null, renderedHtml: parsed.data.content };
  }
  if (status === 400) {
    if (json !== undefined) {
      const parsed = WriteErrorSchema.safeParse(json);
      if (parsed.success) return { kind: 'refused', detail: oneLine(parsed.data.errorMessage) };
      return { kind: 'bad-answer', detail: 'HTTP 400 with JSON of an unexpected shape' };
    }
    // Only the forge's short plain-text answer counts: an HTML error page may mention a token anywhere.
    if (isPlainText(contentType, text) && /csrf/i.test(text)) return { kind: 'csrf', detail: oneLine(text) };
    return { kind: 'refused', detail: isPlainText(contentType, text) ? oneLine(text) || 'HTTP 400' : 'HTTP 400' };
  }
  if (status === 403) {
    if (isPlainText(contentType, text) && /cross-origin/i.test(text)) return { kind: 'cross-origin', detail: oneLine(text) };
    return { kind: 'forbidden', detail: 'HTTP 403' };
  }
  if (status === 401) return { kind: 'forbidden', detail: 'HTTP 401' };
  if (status === 404) return { kind: 'gone', detail: 'HTTP 404' };
  if (status === 204) return { kind: 'no-content', detail: 'HTTP 204' };
  if (status >= 500) return { kind: 'unknown', detail: `HTTP ${status}`, cause: 'server-error' };
  return { kind: 'bad-answer', detail: `HTTP ${status}` };
}

export function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isPlainText(contentType: string, text: string): boolean {
  return !/html|json/i.test(contentType) && !/^\s*</.test(text);
}

function describeBody(contentType: string, text: string): string {
  if (/html/i.test(contentType) || /^\s*</.test(text)) return 'an HTML page';
  return text.trim() === '' ? 'an empty body' : 'text';
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
