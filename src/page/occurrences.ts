// How often an anchor occurs in a body, counted the way patch anchors are checked: overlapping
// occurrences count ("aa" occurs twice in "aaa").

/** The number of occurrences of `needle` in `text`, counting overlaps, stopping at `limit`. */
export function countOccurrences(text: string, needle: string, limit = 2): number {
  if (needle.length === 0) return limit;
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1 && count < limit; at = text.indexOf(needle, at + 1)) count++;
  return count;
}

export function occursOnce(text: string, needle: string): boolean {
  return countOccurrences(text, needle, 2) === 1;
}
