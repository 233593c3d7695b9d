export interface PostBarProps {
  /** Sections found in the post, in order. */
  sections: string[];
  canEditSections: boolean;
  canAddSection: boolean;
  canAppend: boolean;
  /** Which post this is, for the accessible names ("description", "comment"). */
  postName: string;
  onEditSection: (name: string, opener: HTMLElement) => void;
  onAddSection: (opener: HTMLElement) => void;
  onAppend: (opener: HTMLElement) => void;
}

/** The quiet row of controls under an editable post: its sections, add a section, add to the end. */
export function PostBar(props: PostBarProps) {
  const { sections, canEditSections, canAddSection, canAppend, postName } = props;
  const showSections = canEditSections && sections.length > 0;
  if (!showSections && !canAddSection && !canAppend) return null;
  return (
    <div class="bar" role="toolbar" aria-label={`Edit parts of this ${postName}`}>
      {showSections && (
        <span class="label" aria-hidden="true">
          Sections:
        </span>
      )}
      {showSections &&
        sections.map((name) => (
          <button
            type="button"
            class="btn small link"
            key={name}
            aria-label={`Edit section ${name}`}
            data-section={name}
            onClick={(e) => props.onEditSection(name, e.currentTarget)}
          >
            ✎ {name}
          </button>
        ))}
      {canAddSection && (
        <button type="button" class="btn small link" onClick={(e) => props.onAddSection(e.currentTarget)}>
          + Add section
        </button>
      )}
      {canAppend && (
        <button type="button" class="btn small link" onClick={(e) => props.onAppend(e.currentTarget)}>
          + Add to end
        </button>
      )}
    </div>
  );
}
