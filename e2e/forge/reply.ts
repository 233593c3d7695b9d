// What a route answers, as a value: handlers build a Reply and the server writes it. Keeping
// the answer a value is what lets a fault commit a write and then answer something else.

export interface Reply {
  status: number;
  headers: Record<string, string | string[]>;
  body: string | Buffer;
}

/**
 * JSON as Go's encoder writes it (the forges use it): `<`, `>`, `&`, U+2028 and U+2029 escaped
 * as \u sequences, and a trailing line break.
 */
export function goJson(value: unknown): string {
  return (
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029') + '\n'
  );
}

export function jsonReply(status: number, value: unknown): Reply {
  return { status, headers: { 'content-type': 'application/json;charset=utf-8' }, body: goJson(value) };
}

/** A plain-text error as Go's http.Error writes it (the text plus a line break). */
export function textReply(status: number, text: string): Reply {
  return {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
    body: text + '\n',
  };
}

export function htmlReply(status: number, html: string, extraHeaders: Record<string, string | string[]> = {}): Reply {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8', ...extraHeaders }, body: html };
}

/** Gitea's ctx.Redirect answers 303 See Other by default. */
export function redirectReply(location: string, extraHeaders: Record<string, string | string[]> = {}, status = 303): Reply {
  return { status, headers: { location, ...extraHeaders }, body: '' };
}

export function emptyReply(status: number): Reply {
  return { status, headers: {}, body: '' };
}

/** Status text for plain-text errors written with only a status (ctx.Error(status)). */
export function statusText(status: number): string {
  const texts: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    409: 'Conflict',
    413: 'Payload Too Large',
    422: 'Unprocessable Entity',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
  };
  return texts[status] ?? 'Error';
}
