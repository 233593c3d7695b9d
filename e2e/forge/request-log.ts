// What reached the double: every request outside the test-control prefix, with the status it
// was answered with (0 when the connection was dropped instead of answered).

import type { LoggedRequest } from './api';

export class RequestLog {
  private entries: LoggedRequest[] = [];

  record(entry: LoggedRequest): void {
    this.entries.push(entry);
  }

  all(): LoggedRequest[] {
    return this.entries.map((e) => ({ ...e, fields: { ...e.fields }, headers: { ...e.headers } }));
  }

  clear(): void {
    this.entries = [];
  }
}

export function headersForLog(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
