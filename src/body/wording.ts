/** Small helpers for the one-sentence texts that results carry to toasts and the ledger. */

const QUOTE_LIMIT = 60;

/**
 * Shows user text inside ‘…’ on a single line: whitespace runs (line breaks included) become
 * one space, other control characters become U+FFFD, and long text is cut at a code-point
 * boundary with an ellipsis, so a sentence stays readable whatever the anchor holds.
 */
export function quote(text: string): string {
  // Only a bounded prefix is examined, so quoting a megabyte anchor stays cheap.
  const head = text.length > QUOTE_LIMIT * 4 ? text.slice(0, QUOTE_LIMIT * 4) : text;
  const flattened = head.replace(/\s+/g, ' ').replace(/[\u0000-\u001f\u007f]/g, '\uFFFD');
  const points = Array.from(flattened);
  const cut = points.length > QUOTE_LIMIT || head.length < text.length;
  const shown = cut ? points.slice(0, QUOTE_LIMIT).join('') + '…' : flattened;
  return `‘${shown}’`;
}

/** `count` followed by the noun, in the plural unless the count is one. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
