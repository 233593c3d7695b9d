// Request bodies as the forges' Go handlers read them. Web routes read form fields
// (url-encoded or multipart; any other content type yields no fields at all, so a JSON body
// to a web route reads as "content missing"); the URL query is a fallback source for every
// field, as with Go's Request.FormValue. The REST API reads the JSON body.

export interface UploadedFile {
  field: string;
  name: string;
  data: Buffer;
}

export interface RequestFields {
  /** Every value of every field, body values before query values. */
  values: Map<string, string[]>;
  files: UploadedFile[];
  /** The body parsed as JSON, when it was JSON; undefined otherwise. */
  json: unknown;
  /** Set when the body could not be parsed (malformed multipart or JSON). */
  parseError: string | null;
}

function addValue(values: Map<string, string[]>, name: string, value: string): void {
  const list = values.get(name);
  if (list) list.push(value);
  else values.set(name, [value]);
}

export async function readFields(contentType: string | undefined, body: Buffer, query: URLSearchParams): Promise<RequestFields> {
  const fields: RequestFields = { values: new Map(), files: [], json: undefined, parseError: null };
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  try {
    if (type === 'application/x-www-form-urlencoded') {
      for (const [name, value] of new URLSearchParams(body.toString('utf8'))) addValue(fields.values, name, value);
    } else if (type === 'multipart/form-data') {
      // Node's fetch implementation parses multipart bodies; no extra package needed.
      const form = await new Request('http://double.invalid/', {
        method: 'POST',
        headers: { 'content-type': contentType ?? '' },
        body: Uint8Array.from(body),
      }).formData();
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') addValue(fields.values, name, value);
        else fields.files.push({ field: name, name: value.name, data: Buffer.from(await value.arrayBuffer()) });
      }
    } else if (type === 'application/json' && body.length > 0) {
      // JSON is for the API; web routes see no form fields in it, as Go's form parser does.
      fields.json = JSON.parse(body.toString('utf8'));
    }
  } catch (error) {
    fields.parseError = error instanceof Error ? error.message : String(error);
  }
  for (const [name, value] of query) addValue(fields.values, name, value);
  return fields;
}

/** The first value of a field ("" when absent), like Go's FormValue. */
export function formString(fields: RequestFields, name: string): string {
  return fields.values.get(name)?.[0] ?? '';
}

export function formHas(fields: RequestFields, name: string): boolean {
  return fields.values.has(name);
}

export function formStrings(fields: RequestFields, name: string): string[] {
  return fields.values.get(name) ?? [];
}

/** Go's strconv.Atoi semantics as used by ctx.FormInt: anything unparsable reads as 0. */
export function formInt(fields: RequestFields, name: string): number {
  const raw = formString(fields, name);
  if (!/^[+-]?\d+$/.test(raw)) return 0;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : 0;
}

/** Go's strconv.ParseBool semantics as used by ctx.FormBool: anything else reads as false. */
export function formBool(fields: RequestFields, name: string): boolean {
  return ['1', 't', 'T', 'true', 'TRUE', 'True'].includes(formString(fields, name));
}

/**
 * Fields flattened for the request log: form fields (repeated values joined with ","), files
 * by name, and the members of a JSON object body (non-strings as JSON text).
 */
export function fieldsForLog(fields: RequestFields): Record<string, string> {
  const out: Record<string, string> = {};
  if (fields.json && typeof fields.json === 'object' && !Array.isArray(fields.json)) {
    for (const [name, value] of Object.entries(fields.json as Record<string, unknown>)) {
      out[name] = typeof value === 'string' ? value : JSON.stringify(value);
    }
  }
  for (const [name, values] of fields.values) out[name] = values.join(',');
  for (const file of fields.files) out[file.field] = out[file.field] ? `${out[file.field]},${file.name}` : file.name;
  return out;
}
