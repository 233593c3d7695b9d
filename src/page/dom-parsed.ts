// The content script starts at document_start, so that Chromium's injection and the settings
// read overlap the page's own loading; the page features need the whole DOM (the footer's forge
// hints come last), so they wait for the parser to finish.

/** Resolves once `doc` is parsed (at once when it already is); never when `signal` aborts first. */
export function whenParsed(doc: Document, signal: AbortSignal): Promise<void> {
  if (doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => {
    doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true, signal });
  });
}
