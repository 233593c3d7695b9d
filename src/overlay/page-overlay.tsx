// The page-wide part of the overlay: outcome toasts and the modal dialogs (conflict, review),
// in one shadow root fixed over the page. It is part of the lazily loaded UI bundle, so the
// page hands over outcomes and texts, and the wording (renderResult's) and the diffs are made
// here.
import { Fragment, render, type VNode } from 'preact';
// Straight from its module: the protocol index would bring the zod schemas into the bundle.
import { renderResult } from '../protocol/render-result';
import type { Confirmation, Rejection } from '../protocol/result';
import { ConflictView, type ConflictChoice, type ConflictProps } from './ConflictView';
import { diffRows, rowsOfLineDiff, type DiffRow } from './diff-rows';
import { ReviewView } from './ReviewView';
import { createShadowHost } from './shadow-host';
import { Toasts, type ToastItem } from './Toasts';

/** What the conflict view is asked to show; its wording and diff rows are derived from it. */
export interface ConflictRequest extends Omit<ConflictProps, 'onChoose' | 'serverRows' | 'message'> {
  /**
   * The body the refused op was meant for. What changed on the server is the engine's diff
   * (`rejection.diff`) when it sent one, else the diff from this body to the live body.
   */
  seenBody: string;
}

export interface PageOverlay {
  /** A toast with the one wording of an outcome (renderResult). */
  toast(result: Confirmation | Rejection): void;
  conflict(request: ConflictRequest): Promise<ConflictChoice>;
  /** Shows the change from `before` to `after` and asks whether to write it. */
  review(title: string, before: string, after: string): Promise<boolean>;
  setDark(dark: boolean): void;
}

/** The rows of "changed on the server since your view". */
function serverRowsOf(request: Pick<ConflictRequest, 'rejection' | 'seenBody'>): DiffRow[] {
  const { diff, liveBody } = request.rejection;
  if (diff !== null) return rowsOfLineDiff(diff);
  return liveBody === null ? [] : diffRows(request.seenBody, liveBody);
}

const OK_TOAST_MS = 6000;
const FAIL_TOAST_MS = 15000;
/** Older toasts give way, so a burst of ticks does not cover the page. */
const MAX_TOASTS = 3;

/** The element that has focus, looking inside shadow roots (ours included). */
function deepActiveElement(doc: Document): HTMLElement | null {
  let active: Element | null = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

export function createPageOverlay(doc: Document, signal: AbortSignal): PageOverlay {
  const shell = createShadowHost(doc, (host) => doc.body.append(host), 'page');
  let toasts: ToastItem[] = [];
  let nextToast = 1;
  const modals: { id: number; view: (close: () => void) => VNode }[] = [];
  let nextModal = 1;
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const draw = (): void => {
    if (signal.aborted) return;
    const modal = modals[0];
    render(
      <>
        <Toasts items={toasts} onDismiss={dismiss} />
        {modal && <Fragment key={modal.id}>{modal.view(() => closeModal(modal))}</Fragment>}
      </>,
      shell.mount,
    );
  };

  function dismiss(id: number): void {
    toasts = toasts.filter((item) => item.id !== id);
    draw();
  }

  function closeModal(modal: (typeof modals)[number]): void {
    const index = modals.indexOf(modal);
    if (index !== -1) modals.splice(index, 1);
    draw();
  }

  /** Opens a modal (after any already open) and resolves with its answer; focus returns afterwards. */
  function openModal<T>(build: (answer: (value: T) => void) => VNode, dismissed: T): Promise<T> {
    return new Promise<T>((resolve) => {
      if (signal.aborted) return resolve(dismissed);
      const returnTo = deepActiveElement(doc);
      let settled = false;
      const modal = {
        id: nextModal++,
        view: (close: () => void) =>
          build((value: T) => {
            if (settled) return;
            settled = true;
            close();
            if (returnTo?.isConnected) returnTo.focus();
            resolve(value);
          }),
      };
      signal.addEventListener('abort', () => resolve(dismissed), { once: true });
      modals.push(modal);
      draw();
    });
  }

  signal.addEventListener(
    'abort',
    () => {
      for (const timer of timers) clearTimeout(timer);
      render(null, shell.mount);
      shell.remove();
    },
    { once: true },
  );
  draw();

  return {
    toast(result) {
      const id = nextToast++;
      const ok = result.ok;
      toasts = [...toasts, { id, ok, text: renderResult(result) }].slice(-MAX_TOASTS);
      const timer = setTimeout(() => {
        timers.delete(timer);
        dismiss(id);
      }, ok ? OK_TOAST_MS : FAIL_TOAST_MS);
      timers.add(timer);
      draw();
    },
    conflict({ seenBody, ...props }) {
      const serverRows = serverRowsOf({ rejection: props.rejection, seenBody });
      const message = renderResult(props.rejection);
      return openModal<ConflictChoice>(
        (answer) => <ConflictView {...props} message={message} serverRows={serverRows} onChoose={answer} />,
        'close',
      );
    },
    review(title, before, after) {
      const rows = diffRows(before, after);
      return openModal<boolean>((answer) => <ReviewView title={title} rows={rows} onAnswer={answer} />, false);
    },
    setDark(dark) {
      shell.setDark(dark);
    },
  };
}
