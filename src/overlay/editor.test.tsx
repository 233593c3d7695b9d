// @vitest-environment happy-dom
// The editor takes the focus as it appears, in the same task, so that nothing typed right after
// it opens lands elsewhere or has its caret moved under it.
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor, type EditorProps } from './Editor';

const containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers.splice(0)) {
    render(null, container);
    container.remove();
  }
});

function props(overrides: Partial<EditorProps> = {}): EditorProps {
  return {
    title: 'Edit description',
    note: null,
    textLabel: 'Text of the description',
    initialText: 'first line\nsecond line\n',
    nameField: null,
    submitLabel: 'Save',
    busy: false,
    reference: null,
    short: false,
    onSubmit: vi.fn(),
    onCancel: vi.fn(),
    ...overrides,
  };
}

function mount(p: EditorProps): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  containers.push(container);
  render(<Editor {...p} />, container);
  return container;
}

describe('Editor focus', () => {
  it('puts the caret at the start of the text as soon as it is drawn', () => {
    const container = mount(props());
    const text = container.querySelector('textarea')!;
    expect(document.activeElement).toBe(text);
    expect([text.selectionStart, text.selectionEnd]).toEqual([0, 0]);
  });

  it('focuses the name field first when there is one', () => {
    const container = mount(props({ nameField: { label: 'Section name', error: null } }));
    expect(document.activeElement).toBe(container.querySelector('input[type=text]'));
  });

  it('leaves a selection made after it appeared alone', async () => {
    const container = mount(props());
    const text = container.querySelector('textarea')!;
    text.setSelectionRange(0, text.value.length);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect([text.selectionStart, text.selectionEnd]).toEqual([0, text.value.length]);
  });
});
