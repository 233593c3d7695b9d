/**
 * Pure text ops on markdown bodies: no DOM, no network, no browser API. Everything that edits
 * an issue or comment body goes through `applyOp`, which changes only the span an op anchors
 * to and refuses (rather than guesses) when the anchor is missing or ambiguous.
 *
 * Line breaks: the breaks append and section-replace add — and the bare `\n` breaks inside the
 * text they insert — follow the body's convention (CRLF bodies stay CRLF). A patch is exact in
 * both directions: its old text is looked up as given and its new text inserted as given, so
 * an inverse patch undoes it byte for byte.
 */

export type { ApplyOptions, BodyOp, OpResult, PatchEdit, RejectReason } from './body-op';
export { DEFAULT_SECTION_PREFIX } from './body-op';
export { applyOp } from './apply-op';
export { diffChecklists, type ChecklistChange, type ChecklistFlip } from './checklist-diff';
export { firstWord } from './first-word';
export { checklistItems, isIssueReference, CHECKLIST_LINE_PATTERN, type ChecklistItem } from './checklist';
export { listSections, isValidSectionName, startMarker, endMarker, SECTION_NAME_PATTERN, type Section } from './section';
export { lineBreakOf, type LineBreak } from './line-endings';
