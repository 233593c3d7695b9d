export interface ToastItem {
  id: number;
  ok: boolean;
  text: string;
}

/**
 * Outcome toasts. Two live regions exist from the start (a region added together with its text
 * is often not announced): confirmations are polite status messages, refusals are alerts.
 */
export function Toasts({ items, onDismiss }: { items: ToastItem[]; onDismiss: (id: number) => void }) {
  const list = (ok: boolean) =>
    items
      .filter((item) => item.ok === ok)
      .map((item) => (
        <div class={`toast ${ok ? 'ok' : 'fail'}`} key={item.id} data-toast={ok ? 'ok' : 'fail'}>
          <span class="mark" aria-hidden="true">{ok ? '✓' : '!'}</span>
          <span class="msg">{item.text}</span>
          <button type="button" class="btn icon" aria-label="Dismiss" onClick={() => onDismiss(item.id)}>
            ×
          </button>
        </div>
      ));
  return (
    <div class="toasts">
      <div role="status" aria-live="polite" aria-label="Edits saved">{list(true)}</div>
      <div role="alert" aria-label="Edits refused">{list(false)}</div>
    </div>
  );
}
