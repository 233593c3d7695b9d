// The protocol between the page, the popup and the background engine.
//
// Every schema here imports zod/mini as a namespace (`import * as z from 'zod/mini'`): the
// named import `{ z }` keeps the whole namespace alive, locales included, and grows the
// content-script bundle from about 34 KB to over 400 KB.
export * from './body-op';
export * from './post-target';
export * from './page-facts';
export * from './checklist';
export * from './line-diff';
export * from './result';
export * from './ledger-entry';
export * from './policy';
export * from './messages';
export * from './parse-message';
export * from './render-result';
export * from './page-info';
export * from './forge-hints';
