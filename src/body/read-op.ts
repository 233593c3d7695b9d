/**
 * The runtime shape check of a body op. Ops arrive from messages, so the static type says
 * nothing about what is really there; every field is read once and checked before any op runs.
 */

import type { BodyOp, PatchEdit } from './body-op';
import { quote } from './wording';

export type ReadOp = { ok: true; op: BodyOp } | { ok: false; detail: string };

const KINDS = ['patch', 'append', 'task-toggle', 'section-replace'] as const;

function invalid(detail: string): ReadOp {
  return { ok: false, detail };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isOptionalBoolean(value: unknown): value is boolean | undefined {
  return value === undefined || typeof value === 'boolean';
}

export function readOp(value: unknown): ReadOp {
  if (!isRecord(value)) return invalid('The edit is not an object.');
  const kind = value.kind;
  switch (kind) {
    case 'patch':
      return readPatch(value.edits);
    case 'append': {
      const text = value.text;
      if (typeof text !== 'string') return invalid('The append edit has no text.');
      return { ok: true, op: { kind, text } };
    }
    case 'task-toggle': {
      const match = value.match;
      const checked = value.checked;
      if (typeof match !== 'string') return invalid('The task-toggle edit has no match text.');
      if (typeof checked !== 'boolean') return invalid('The task-toggle edit does not say whether to tick or untick.');
      return { ok: true, op: { kind, match, checked } };
    }
    case 'section-replace': {
      const name = value.name;
      const content = value.content;
      const ensure = value.ensure;
      if (typeof name !== 'string') return invalid('The section-replace edit has no section name.');
      if (typeof content !== 'string') return invalid('The section-replace edit has no content.');
      if (!isOptionalBoolean(ensure)) return invalid('The ensure flag of the section-replace edit is not true or false.');
      return { ok: true, op: ensure === undefined ? { kind, name, content } : { kind, name, content, ensure } };
    }
    default:
      return invalid(
        typeof kind === 'string'
          ? `${quote(kind)} is not a kind of edit; expected one of ${KINDS.join(', ')}.`
          : `The edit has no kind; expected one of ${KINDS.join(', ')}.`,
      );
  }
}

function readPatch(value: unknown): ReadOp {
  if (!Array.isArray(value)) return invalid('The patch edit has no list of edits.');
  const edits: PatchEdit[] = [];
  for (let index = 0; index < value.length; index++) {
    const entry: unknown = value[index];
    const which = `Edit ${index + 1} of the patch`;
    if (!isRecord(entry)) return invalid(`${which} is not an object.`);
    const old = entry.old;
    const replacement = entry.new;
    const replaceAll = entry.replaceAll;
    if (typeof old !== 'string') return invalid(`${which} has no old text.`);
    if (typeof replacement !== 'string') return invalid(`${which} has no new text.`);
    if (!isOptionalBoolean(replaceAll)) return invalid(`${which} has a replaceAll flag that is not true or false.`);
    edits.push(replaceAll === undefined ? { old, new: replacement } : { old, new: replacement, replaceAll });
  }
  return { ok: true, op: { kind: 'patch', edits } };
}
