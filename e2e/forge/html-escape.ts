// HTML escaping the way Go's html/template writes text and attribute values, so raw bodies
// embedded in pages look byte-for-byte like the forges' (`&#34;` and `&#39;` for quotes).

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
  '\0': '\uFFFD',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'\0]/g, (ch) => ENTITIES[ch] ?? ch);
}

/** An attribute list from a record; `true` writes a bare attribute, false/null/undefined omits it. */
export function attributes(attrs: Record<string, string | number | boolean | null | undefined>): string {
  let out = '';
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`;
  }
  return out;
}
