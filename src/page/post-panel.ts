// The per-post part of the page: the row of controls under an editable post (sections, add a
// section, add to the end) and the inline editors they open, the full editor included. Every
// save becomes an anchored op carried out by the engine. What the panel does lives here; how it
// looks comes with the UI bundle, so the panel appears once the bundle has loaded.
import { isValidSectionName, listSections, type BodyOp } from '../body/index';
import type { EditorProps } from '../overlay/Editor';
import type { PostBarProps } from '../overlay/PostBar';
import type { PostView } from '../overlay/post-view';
import type { Seen } from '../protocol/index';
import { pageRejection } from './background-client';
import { editItemOf } from './edit-takeover';
import { postNoun, type FeatureContext, type PostPanelHandle } from './feature-context';
import { canEdit, seenOf, type PagePost } from './post';
import type { UiBundle } from './ui-bundle';
import { carryOut, explainRefusal, type CarryOutcome } from './write-flow';

type Mode =
  | { kind: 'edit'; seed: string; version: number | null; reference: string | null }
  | { kind: 'section'; name: string; seed: string; base: string; reference: string | null }
  | { kind: 'add-section' }
  | { kind: 'append' };

interface PanelState {
  mode: Mode | null;
  /** Remounts the editor when a new seed arrives. */
  modeKey: number;
  busy: boolean;
  nameError: string | null;
}

function isVisible(element: HTMLElement): boolean {
  return element.isConnected && element.getClientRects().length > 0;
}

/** Attaches the panel to one post; it is removed again with `signal`. */
export function init(ctx: FeatureContext, post: PagePost, signal: AbortSignal, isDark: () => boolean): PostPanelHandle | null {
  ctx.sync.attach(post);
  const editable = canEdit(post);
  ctx.sync.setBoxesEnabled(post, editable && ctx.allowed('task-toggle'));
  signal.addEventListener('abort', () => ctx.sync.setBoxesEnabled(post, editable), { once: true });
  if (!editable) return null;

  // Without patch edits there is no editor; the forge's own Edit (a whole-body save) is hidden.
  const editItem = editItemOf(post);
  if (editItem !== null && !ctx.allowed('patch')) {
    const before = editItem.style.display;
    editItem.style.display = 'none';
    signal.addEventListener('abort', () => (editItem.style.display = before), { once: true });
  }

  let ui: UiBundle | null = null;
  let view: PostView | null = null;
  let mounting = false;
  const state: PanelState = { mode: null, modeKey: 0, busy: false, nameError: null };
  let returnFocus: HTMLElement | null = null;
  const prefix = ctx.settings.sectionPrefix;
  const noun = postNoun(post);

  /** Puts the view on the post once the UI bundle is there; a failed load is tried again at the next draw. */
  const mount = (): void => {
    if (mounting) return;
    mounting = true;
    ctx.loadUi().then(
      (bundle) => {
        if (signal.aborted) return;
        ui = bundle;
        view = bundle.createPostView(post.element);
        view.setDark(isDark());
        draw();
      },
      (error: unknown) => {
        mounting = false;
        if (!signal.aborted) console.error('noclobber: the controls of a post could not be shown', error);
      },
    );
  };

  const sectionsOf = (body: string): { name: string; content: string }[] => {
    try {
      return listSections(body, prefix);
    } catch {
      return [];
    }
  };

  const setMode = (mode: Mode | null): void => {
    state.mode = mode;
    state.modeKey++;
    state.busy = false;
    state.nameError = null;
    draw();
  };

  const close = (): void => {
    setMode(null);
    const target = returnFocus;
    returnFocus = null;
    if (target !== null && isVisible(target)) target.focus();
    else view?.focusFirstControl();
  };

  const finish = (outcome: CarryOutcome, reopen: (live: { body: string; version: number | null }) => void): void => {
    if (signal.aborted) return;
    if (outcome.status === 'done' && outcome.result.ok) return close();
    if (outcome.status === 'edit-on-top') return reopen(outcome.live);
    // Refused, or sent back from review: the draft stays in the editor.
    state.busy = false;
    draw();
  };

  const send = (op: BodyOp, seen: Seen, draft: string, reopen: (live: { body: string; version: number | null }) => void): void => {
    state.busy = true;
    draw();
    void carryOut(ctx, post, op, seen, draft).then((outcome) => finish(outcome, reopen));
  };

  /** Reads the live post; a failed read is toasted and yields null. */
  const readLive = async (): Promise<{ body: string; version: number | null } | null> => {
    const live = await ctx.client.read(post.target);
    if (!live.ok) {
      ctx.overlay.toast(live);
      return null;
    }
    return { body: live.body, version: live.version };
  };

  const openFullEditor: PostPanelHandle['openFullEditor'] = (opener, given) => {
    if (state.mode !== null && state.mode.kind === 'edit' && given === undefined) {
      view?.focusText();
      return;
    }
    returnFocus = opener ?? returnFocus;
    if (given !== undefined) {
      setMode({ kind: 'edit', seed: given.body, version: given.version, reference: given.reference });
      return;
    }
    void readLive().then((live) => {
      if (live !== null && !signal.aborted) setMode({ kind: 'edit', seed: live.body, version: live.version, reference: null });
    });
  };

  const openSection = (name: string, opener: HTMLElement | null, reference: string | null = null): void => {
    returnFocus = opener ?? returnFocus;
    void readLive().then((live) => {
      if (live === null || signal.aborted) return;
      const section = sectionsOf(live.body).find((candidate) => candidate.name === name);
      if (section === undefined) {
        const op: BodyOp = { kind: 'section-replace', name, content: '' };
        ctx.overlay.toast(pageRejection(post.target, op, 'absent-section', `There is no section ‘${name}’ any more.`, live));
        return;
      }
      setMode({ kind: 'section', name, seed: section.content, base: live.body, reference });
    });
  };

  const saveFull = (mode: Extract<Mode, { kind: 'edit' }>, text: string): void => {
    // The editor is only on screen once the bundle is there.
    if (ui === null) return;
    const draft = ui.draftInSeedLineBreaks(mode.seed, text);
    const op = ui.draftToOp(mode.seed, draft);
    if (op === null) return close();
    send(op, { body: mode.seed, version: mode.version }, text, (live) =>
      setMode({ kind: 'edit', seed: live.body, version: live.version, reference: text }),
    );
  };

  /**
   * A section edit replaces the whole region between its markers, so it is sent only while the
   * section still reads as it did when the editor opened; otherwise the conflict view shows
   * what changed and nothing is written.
   */
  const saveSection = (mode: Extract<Mode, { kind: 'section' }>, text: string): void => {
    state.busy = true;
    draw();
    void readLive().then(async (live) => {
      if (signal.aborted) return;
      if (live === null) {
        state.busy = false;
        return draw();
      }
      const now = sectionsOf(live.body).find((section) => section.name === mode.name);
      const seen: Seen = { body: live.body, version: live.version };
      if (now === undefined || now.content !== mode.seed) {
        const asPatch: BodyOp = { kind: 'patch', edits: [{ old: mode.seed, new: text }] };
        const rejection = pageRejection(post.target, asPatch, 'drifted', `Section ‘${mode.name}’ changed on the server since you opened it.`, live);
        ctx.overlay.toast(rejection);
        const choice = await explainRefusal(ctx, post, rejection, asPatch, { body: mode.base, version: null }, text, false);
        if (choice === 'edit') return openSection(mode.name, null, text);
        state.busy = false;
        return draw();
      }
      send({ kind: 'section-replace', name: mode.name, content: text }, seen, text, () => openSection(mode.name, null, text));
    });
  };

  const saveNewSection = (text: string, name: string): void => {
    const error = !isValidSectionName(name)
      ? 'Use letters, digits, “_”, “.” and “-”, starting with a letter or digit.'
      : sectionsOf(seenOf(post).body).some((section) => section.name === name)
        ? `There is already a section “${name}”: edit it from the list.`
        : null;
    if (error !== null) {
      state.nameError = error;
      return draw();
    }
    state.nameError = null;
    send({ kind: 'section-replace', name, content: text, ensure: true }, ctx.sync.seenFor(post), text, (live) =>
      openFullEditor(null, { ...live, reference: text }),
    );
  };

  const saveAppend = (text: string): void => {
    if (text.trim() === '') return;
    send({ kind: 'append', text }, ctx.sync.seenFor(post), text, (live) => openFullEditor(null, { ...live, reference: text }));
  };

  const onSubmit = (text: string, name: string): void => {
    const mode = state.mode;
    if (mode === null) return;
    if (mode.kind === 'edit') saveFull(mode, text);
    else if (mode.kind === 'section') saveSection(mode, text);
    else if (mode.kind === 'add-section') saveNewSection(text, name);
    else saveAppend(text);
  };

  const onCancel = (dirty: boolean): void => {
    if (dirty && !window.confirm('Discard your changes?')) return;
    close();
  };

  const editorFor = (mode: Mode): EditorProps => {
    const common = {
      busy: state.busy,
      onSubmit,
      onCancel,
      nameField: null,
      reference: null,
      note: null,
      short: true,
    };
    switch (mode.kind) {
      case 'edit':
        return {
          ...common,
          title: `Edit ${noun}`,
          note: mode.version !== null ? `live text, v${mode.version}` : 'live text',
          textLabel: `Text of the ${noun}`,
          initialText: mode.seed,
          submitLabel: 'Save',
          reference: mode.reference,
          short: false,
        };
      case 'section':
        return {
          ...common,
          title: `Edit section “${mode.name}”`,
          textLabel: `Text of section ${mode.name}`,
          initialText: mode.seed,
          submitLabel: 'Save section',
          reference: mode.reference,
        };
      case 'add-section':
        return {
          ...common,
          title: 'Add a section',
          nameField: { label: 'Section name', error: state.nameError },
          textLabel: 'Text of the new section',
          initialText: '',
          submitLabel: 'Add section',
        };
      case 'append':
        return { ...common, title: `Add to the end of the ${noun}`, textLabel: 'Text to add', initialText: '', submitLabel: 'Add' };
    }
  };

  const barProps = (): PostBarProps => ({
    sections: sectionsOf(post.raw.textContent ?? '').map((section) => section.name),
    canEditSections: ctx.allowed('section-replace'),
    canAddSection: ctx.allowed('section-replace'),
    canAppend: ctx.allowed('append'),
    postName: noun,
    onEditSection: (name, opener) => openSection(name, opener),
    onAddSection: (opener) => {
      returnFocus = opener;
      setMode({ kind: 'add-section' });
    },
    onAppend: (opener) => {
      returnFocus = opener;
      setMode({ kind: 'append' });
    },
  });

  function draw(): void {
    if (signal.aborted) return;
    if (view === null) return mount();
    const mode = state.mode;
    // The full editor stands in for the rendered post while it is open.
    post.render.style.display = mode?.kind === 'edit' ? 'none' : '';
    view.render({
      bar: mode?.kind !== 'edit' ? barProps() : null,
      editor: mode !== null ? { key: state.modeKey, props: editorFor(mode) } : null,
    });
  }

  ctx.sync.onChange(post, draw, signal);
  signal.addEventListener(
    'abort',
    () => {
      view?.remove();
      post.render.style.display = '';
    },
    { once: true },
  );
  draw();
  return { openFullEditor, setDark: (dark) => view?.setDark(dark) };
}
