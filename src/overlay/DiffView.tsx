import type { DiffRow } from './diff-rows';

const SIGN = { add: '+', del: '−', same: ' ' } as const;

/** A line diff; screen readers get each row's meaning from its label. */
export function DiffView({ rows, label, empty }: { rows: DiffRow[]; label: string; empty: string }) {
  if (rows.length === 0) return <div class="diff" role="group" aria-label={label}><div class="empty">{empty}</div></div>;
  return (
    <div class="diff" role="group" aria-label={label} tabIndex={0}>
      {rows.map((row, i) => {
        if (row.kind === 'gap') {
          return (
            <div class="row gap" key={i}>
              <span class="sign" aria-hidden="true">⋯</span>
              <span class="line">{row.count > 0 ? `${row.count} unchanged line${row.count === 1 ? '' : 's'}` : ''}</span>
            </div>
          );
        }
        if (row.kind === 'same') {
          return (
            <div class="row" key={i}>
              <span class="sign" aria-hidden="true">{SIGN.same}</span>
              <span class="line">{row.text}</span>
            </div>
          );
        }
        const Mark = row.kind === 'add' ? 'ins' : 'del';
        return (
          <div class={`row ${row.kind}`} key={i}>
            <span class="sign" aria-hidden="true">{SIGN[row.kind]}</span>
            <span class="line">
              <span class="sr-only">{row.kind === 'add' ? 'added: ' : 'removed: '}</span>
              {row.pieces.map((piece, j) => (piece.marked ? <Mark key={j}>{piece.text}</Mark> : piece.text))}
            </span>
          </div>
        );
      })}
    </div>
  );
}
