import { Editor, type EditorProps } from './Editor';
import { PostBar, type PostBarProps } from './PostBar';

export interface PostPanelProps {
  /** The row of controls under the post; null while the full editor stands in for the post. */
  bar: PostBarProps | null;
  /** The open editor; a new `key` mounts a fresh one (a new seed, a new mode). */
  editor: { key: number; props: EditorProps } | null;
}

/** Everything the extension shows under one post: its controls and the editor they open. */
export function PostPanel({ bar, editor }: PostPanelProps) {
  return (
    <>
      {bar && <PostBar {...bar} />}
      {editor && (
        <div key={editor.key}>
          <Editor {...editor.props} />
        </div>
      )}
    </>
  );
}
