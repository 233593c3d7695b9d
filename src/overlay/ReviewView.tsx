import { DiffView } from './DiffView';
import type { DiffRow } from './diff-rows';
import { Modal } from './Modal';

/** Shows the change an edit will make and asks before it is written (policy requireReviewBeforeWrite). */
export function ReviewView({ title, rows, onAnswer }: { title: string; rows: DiffRow[]; onAnswer: (write: boolean) => void }) {
  return (
    <Modal
      title={title}
      onClose={() => onAnswer(false)}
      actions={
        <>
          <button type="button" class="btn" onClick={() => onAnswer(false)}>
            Back
          </button>
          <button type="button" class="btn primary" data-autofocus onClick={(e) => onAnswer(e.isTrusted)}>
            Write this change
          </button>
        </>
      }
    >
      <p>Your organisation asks you to review each change before it is written.</p>
      <DiffView rows={rows} label="The change to be written" empty="This changes nothing." />
    </Modal>
  );
}
