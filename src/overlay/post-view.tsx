// One post's part of the overlay: a shadow root at the end of the post holding its PostPanel.
// The page decides what the panel shows; this only draws it.
import { render } from 'preact';
import { PostPanel, type PostPanelProps } from './PostPanel';
import { createShadowHost } from './shadow-host';

export interface PostView {
  render(props: PostPanelProps): void;
  setDark(dark: boolean): void;
  /** Focuses the open editor's text field, if one is open. */
  focusText(): void;
  /** Focuses the panel's first control, if it has one. */
  focusFirstControl(): void;
  remove(): void;
}

export function createPostView(post: HTMLElement): PostView {
  const shell = createShadowHost(post.ownerDocument, (host) => post.append(host), 'post');
  return {
    render(props) {
      render(<PostPanel {...props} />, shell.mount);
    },
    setDark(dark) {
      shell.setDark(dark);
    },
    focusText() {
      shell.mount.querySelector('textarea')?.focus();
    },
    focusFirstControl() {
      shell.mount.querySelector<HTMLElement>('button')?.focus();
    },
    remove() {
      render(null, shell.mount);
      shell.remove();
    },
  };
}
