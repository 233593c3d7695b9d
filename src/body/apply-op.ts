/**
 * applyOp: the one entry point for editing a body. It is total: whatever it is handed at
 * runtime — a malformed op, a non-string, an object whose properties throw — it answers with
 * an OpResult instead of throwing, because its callers sit in message handlers where an
 * exception would lose the user's request without a word.
 */

import { applyAppend } from './append';
import { DEFAULT_SECTION_PREFIX, rejected, type ApplyOptions, type BodyOp, type OpResult } from './body-op';
import { readOp } from './read-op';
import { applyPatch } from './patch';
import { applySectionReplace } from './section';
import { applyTaskToggle } from './task-toggle';

export function applyOp(body: string, op: BodyOp, options?: ApplyOptions): OpResult {
  try {
    return applyOpUnguarded(body, op, options);
  } catch (error) {
    return rejected('invalid', describeFailure(error));
  }
}

/**
 * applyOp without the safety net. It returns a rejection for every malformed input it can
 * recognise; it throws only for hostile values (throwing getters, proxies) or when the result
 * would exceed the engine's string length limit. Tests call it to prove well-formed ops never
 * reach the net.
 */
export function applyOpUnguarded(body: unknown, op: unknown, options?: unknown): OpResult {
  if (typeof body !== 'string') return rejected('invalid', 'The body to edit is not text.');
  const read = readOp(op);
  if (!read.ok) return rejected('invalid', read.detail);
  const valid = read.op;
  switch (valid.kind) {
    case 'patch':
      return applyPatch(body, valid.edits);
    case 'append':
      return applyAppend(body, valid.text);
    case 'task-toggle':
      return applyTaskToggle(body, valid.match, valid.checked);
    case 'section-replace': {
      const prefix = readSectionPrefix(options);
      if (prefix === null) return rejected('invalid', 'The options are malformed: sectionPrefix must be text.');
      return applySectionReplace(body, valid.name, valid.content, valid.ensure === true, prefix);
    }
  }
}

function readSectionPrefix(options: unknown): string | null {
  if (options === undefined || options === null) return DEFAULT_SECTION_PREFIX;
  if (typeof options !== 'object') return null;
  const prefix = (options as { sectionPrefix?: unknown }).sectionPrefix;
  if (prefix === undefined) return DEFAULT_SECTION_PREFIX;
  return typeof prefix === 'string' ? prefix : null;
}

function describeFailure(error: unknown): string {
  // The engine's message for a string over its length limit is "Invalid string length".
  if (error instanceof RangeError && /string length/i.test(error.message)) return 'The edited body would be too long to build.';
  return 'The edit could not be carried out: reading or applying it failed unexpectedly.';
}
