// @vitest-environment happy-dom
// The page-wide overlay words every outcome with renderResult and computes the diffs it shows
// from the texts the page hands over.
import { afterEach, describe, expect, it } from 'vitest';
import { renderResult, type Confirmation, type Rejection } from '../protocol/index';
import { createPageOverlay } from './page-overlay';
import { HOST_TAG } from './shadow-host';

const target = { origin: 'http://127.0.0.1:3000', repoLink: '/owner/repo', kind: 'issue', index: 42 } as const;

const confirmation: Confirmation = {
  ok: true,
  verb: 'tick',
  op: { kind: 'task-toggle', match: 'ship the docs', checked: true },
  target,
  summary: 'Ticked ‘ship the docs’.',
  versionBefore: 7,
  versionAfter: 8,
  rebased: false,
  locked: true,
  noop: false,
  flips: [{ label: 'ship the docs', checked: true }],
  renderedHtml: null,
  body: '- [x] ship the docs\n',
  ledgerId: 'e1',
};

const seenBody = 'Intro\n\n- [ ] ship the docs\n';
const liveBody = 'Intro, rewritten by someone\n\n- [ ] ship the docs\n';
const rejection: Rejection = {
  ok: false,
  verb: 'patch',
  op: { kind: 'patch', edits: [{ old: 'Intro\n', new: 'Preface\n' }] },
  target,
  reason: 'drifted',
  detail: 'The text you changed is not in the body.',
  liveBody,
  liveVersion: 9,
  sentBody: null,
  diff: null,
  checklistChanges: null,
  attempts: 1,
};

const controllers: AbortController[] = [];
afterEach(() => {
  for (const controller of controllers.splice(0)) controller.abort();
});

function open() {
  const controller = new AbortController();
  controllers.push(controller);
  const overlay = createPageOverlay(document, controller.signal);
  const root = document.querySelector(`${HOST_TAG}[data-kind="page"]`)?.shadowRoot;
  if (!root) throw new Error('the overlay put no shadow root on the page');
  return { overlay, root, controller };
}

describe('page overlay', () => {
  it('toasts a confirmation as a status and a refusal as an alert, in renderResult’s words', () => {
    const { overlay, root } = open();
    overlay.toast(confirmation);
    overlay.toast(rejection);
    expect(root.querySelector('[role="status"]')?.textContent).toContain(renderResult(confirmation));
    expect(root.querySelector('[role="alert"]')?.textContent).toContain(renderResult(rejection));
  });

  it('shows a conflict with its wording and the change on the server computed from the text the page saw', async () => {
    const { overlay, root } = open();
    const choice = overlay.conflict({ rejection, seenBody, flips: null, draft: 'my draft', canApply: false, postName: 'description' });
    const dialog = root.querySelector('dialog');
    expect(dialog?.textContent).toContain(renderResult(rejection));
    const diff = root.querySelector('[aria-label="Changes on the server"]');
    expect(diff?.querySelector('.row.del')?.textContent).toContain('Intro');
    expect(diff?.querySelector('.row.add ins')?.textContent).toContain('rewritten');
    expect(root.querySelector<HTMLTextAreaElement>('textarea.kept')?.value).toBe('my draft');
    [...root.querySelectorAll('button')].find((button) => button.textContent === 'Close')?.click();
    expect(await choice).toBe('close');
    expect(root.querySelector('dialog')).toBe(null);
  });

  it('prefers the engine’s diff when the refusal carries one', () => {
    const { overlay, root } = open();
    const withDiff: Rejection = {
      ...rejection,
      diff: { hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-the engine says old', '+the engine says new'] }] },
    };
    void overlay.conflict({ rejection: withDiff, seenBody, flips: null, draft: null, canApply: false, postName: 'description' });
    const diff = root.querySelector('[aria-label="Changes on the server"]');
    expect(diff?.textContent).toContain('the engine says new');
    expect(diff?.textContent).not.toContain('rewritten');
  });

  it('reviews the change from one text to the other and answers no on Back', async () => {
    const { overlay, root } = open();
    const answer = overlay.review('Review your change to the description', 'alpha\nbeta\n', 'alpha\ngamma\n');
    const rows = root.querySelector('[aria-label="The change to be written"]');
    expect(rows?.querySelector('.row.del')?.textContent).toContain('beta');
    expect(rows?.querySelector('.row.add')?.textContent).toContain('gamma');
    [...root.querySelectorAll('button')].find((button) => button.textContent === 'Back')?.click();
    expect(await answer).toBe(false);
  });

  it('leaves the page when stopped', () => {
    const { controller } = open();
    controller.abort();
    expect(document.querySelector(`${HOST_TAG}[data-kind="page"]`)).toBe(null);
  });
});
