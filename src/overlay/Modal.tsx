import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

let nextId = 0;

/**
 * A modal dialog on the platform's <dialog>: the browser traps focus in it, makes the page
 * inert and turns Escape into a cancel, which closes it through `onClose`.
 */
export function Modal({
  title,
  onClose,
  children,
  actions,
  describedBy,
}: {
  title: string;
  onClose: () => void;
  children: ComponentChildren;
  actions: ComponentChildren;
  describedBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useRef(`nc-dialog-${++nextId}`).current;
  // Opened as it is drawn, not a frame later (frames wait in a background tab).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    if (!dialog.open) dialog.showModal();
    const primary = dialog.querySelector<HTMLElement>('[data-autofocus]');
    primary?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      class="modal"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div class="frame">
        <h2 id={titleId}>{title}</h2>
        <div class="content">{children}</div>
        <div class="actions">{actions}</div>
      </div>
    </dialog>
  );
}
