import { useLayoutEffect, useRef, useState } from 'preact/hooks';

export interface EditorProps {
  /** Heading, e.g. "Edit description". */
  title: string;
  /** A short status next to the heading, e.g. which version the text was loaded at. */
  note: string | null;
  /** Accessible name of the text field. */
  textLabel: string;
  initialText: string;
  /** A section-name field (adding a section). */
  nameField: { label: string; error: string | null } | null;
  submitLabel: string;
  busy: boolean;
  /** An earlier draft kept for reference while editing on top of newer text. */
  reference: string | null;
  short: boolean;
  onSubmit: (text: string, name: string) => void;
  onCancel: (dirty: boolean) => void;
}

/**
 * An inline editor: a text field with Save and Cancel. Ctrl+Enter (⌘+Enter) saves, Escape
 * cancels. Only trusted user input saves: a page script can fire events at the overlay but not
 * trusted ones.
 */
export function Editor(props: EditorProps) {
  const { title, note, textLabel, initialText, nameField, submitLabel, busy, reference, short, onSubmit, onCancel } = props;
  const textRef = useRef<HTMLTextAreaElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const [dirty, setDirty] = useState(false);

  // Focus moves as the editor appears, not a frame later: input that comes in the meantime (or
  // in a background tab, where frames wait) must not have its caret moved under it.
  useLayoutEffect(() => {
    const first = nameField ? nameRef.current : textRef.current;
    if (first) {
      first.focus();
      if (first instanceof HTMLTextAreaElement) first.setSelectionRange(0, 0);
    }
  }, []);

  const submit = (trusted: boolean): void => {
    if (!trusted || busy) return;
    onSubmit(textRef.current?.value ?? '', nameRef.current?.value.trim() ?? '');
  };

  return (
    <form
      class="editor"
      aria-label={title}
      aria-busy={busy ? 'true' : 'false'}
      onSubmit={(event) => {
        // A submit event is trusted even when a page script asked for it (requestSubmit, a
        // scripted click), so it never saves: only trusted clicks and key presses do.
        event.preventDefault();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onCancel(dirty);
        } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey || event.target instanceof HTMLInputElement)) {
          event.preventDefault();
          submit(event.isTrusted);
        }
      }}
    >
      <header>
        <span>{title}</span>
        {note && <span class="note">{note}</span>}
      </header>
      <div class="body">
        {nameField && (
          <label class="field">
            {nameField.label}
            <input ref={nameRef} type="text" autoComplete="off" spellcheck={false} aria-invalid={nameField.error ? 'true' : 'false'} />
            {nameField.error && <span class="error" role="alert">{nameField.error}</span>}
          </label>
        )}
        <textarea
          ref={textRef}
          class={short ? 'short' : ''}
          aria-label={textLabel}
          defaultValue={initialText}
          readOnly={busy}
          onInput={() => setDirty(true)}
        />
        {reference !== null && (
          <details class="reference" open>
            <summary>Your earlier draft</summary>
            <pre class="text">{reference}</pre>
          </details>
        )}
        <div class="actions">
          <span class="hint">Ctrl+Enter to save · Esc to cancel</span>
          <button type="button" class="btn" onClick={() => onCancel(dirty)} disabled={busy}>
            Cancel
          </button>
          <button type="button" class="btn primary" disabled={busy} onClick={(event) => submit(event.isTrusted)}>
            {busy ? 'Saving…' : submitLabel}
          </button>
        </div>
      </div>
    </form>
  );
}
