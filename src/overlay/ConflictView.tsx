import type { ChecklistFlip, Rejection } from '../protocol/index';
import { DiffView } from './DiffView';
import type { DiffRow } from './diff-rows';
import { Modal } from './Modal';

export type ConflictChoice = 'apply' | 'edit' | 'close';

export interface ConflictProps {
  rejection: Rejection;
  /** renderResult(rejection): the one wording of the outcome. */
  message: string;
  /** What changed on the server since the user's view (seen → live). */
  serverRows: DiffRow[];
  flips: ChecklistFlip[] | null;
  /** The user's text, kept intact; null for edits that have none (a checkbox). */
  draft: string | null;
  /** Whether the user's change still applies to the live text. */
  canApply: boolean;
  postName: string;
  onChoose: (choice: ConflictChoice) => void;
}

/**
 * Why an edit was refused, what happened on the server meanwhile, the live text, and the
 * user's draft, with the way forward. There is deliberately no way to overwrite the live text.
 */
export function ConflictView(props: ConflictProps) {
  const { rejection, message, serverRows, flips, draft, canApply, postName, onChoose } = props;
  const live = rejection.liveBody;
  const actions = (
    <>
      <button type="button" class="btn" onClick={() => onChoose('close')}>
        Close
      </button>
      {live !== null &&
        (canApply ? (
          <button type="button" class="btn primary" data-autofocus onClick={(e) => e.isTrusted && onChoose('apply')}>
            Apply my change to the live text
          </button>
        ) : (
          <button type="button" class="btn primary" data-autofocus onClick={(e) => e.isTrusted && onChoose('edit')}>
            Edit on top of the live text
          </button>
        ))}
    </>
  );
  return (
    <Modal title={`Conflict in the ${postName}`} onClose={() => onChoose('close')} actions={actions} describedBy="nc-conflict-reason">
      <p class="reason" id="nc-conflict-reason">
        {message}
        {rejection.detail && <span class="detail">{rejection.detail}</span>}
      </p>
      {live !== null && (
        <section class="part" aria-label="Changed on the server">
          <h3>Changed on the server since you loaded the page{rejection.liveVersion !== null ? ` (now v${rejection.liveVersion})` : ''}</h3>
          {flips && flips.length > 0 && (
            <ul class="flips">
              {flips.map((flip, i) => (
                <li key={i}>
                  {flip.checked ? 'ticked' : 'unticked'} ‘{flip.label}’
                </li>
              ))}
            </ul>
          )}
          <DiffView rows={serverRows} label="Changes on the server" empty="The text is the same as the one you saw." />
        </section>
      )}
      {draft !== null && (
        <section class="part">
          <h3 id="nc-kept-draft">Your draft, kept as you wrote it</h3>
          <textarea class="kept" readOnly value={draft} aria-labelledby="nc-kept-draft" />
        </section>
      )}
      {live !== null && (
        <details class="live">
          <summary>The live text</summary>
          <pre class="text">{live}</pre>
        </details>
      )}
    </Modal>
  );
}
