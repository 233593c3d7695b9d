// Markdown rendering as the forges do it for issue and comment bodies (goldmark + Gitea's
// extensions + sanitizer), reduced to what the extension depends on:
//
// * CRLF and lone CR become LF before anything else, and checkbox positions are counted in the
//   LF-normalized text.
// * A leading YAML front matter block (`---` line … `---` line) is rendered as a small table but
//   still counts for positions: the markdown after it starts at the front matter's byte length.
// * A list item whose first paragraph starts with `[ ]`, `[x]` or `[X]` (then any whitespace,
//   goldmark's `^\[([\sxX])\]\s*`) becomes `<li class="task-list-item">` with
//   `<input type="checkbox" disabled="" data-source-position="N">`, N being the UTF-8 byte offset
//   of the `[` in the whole normalized source. Items inside block quotes count; fenced code does
//   not (it is not a list item).
// * Raw HTML never reaches the output: HTML comments vanish (the sanitizer drops them, which is
//   what hides section markers), any other raw HTML is shown escaped. The block structure still
//   follows CommonMark's HTML-block rules, so a task line swallowed by an HTML block is not a
//   checkbox here either.

import MarkdownIt, { type Token } from 'markdown-it';
import { escapeHtml } from './html-escape';

export interface TaskItem {
  /** UTF-8 byte offset of the `[` in the LF-normalized source. */
  position: number;
  checked: boolean;
}

export interface RenderedBody {
  html: string;
  tasks: TaskItem[];
}

// Go's regexp `\s` is ASCII whitespace without \v.
const TASK_MARKER = /^\[([\t\n\f\r xX])\][\t\n\f\r ]*/;
const HTML_COMMENT = /<!--[\s\S]*?-->/g;

type TaskMeta = {
  task: TaskItem;
  loose: boolean;
};

export function normalizeEol(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

export interface FrontMatter {
  /** The YAML between the separator lines. */
  yaml: string;
  /** Length in UTF-8 bytes of the front matter block including both separators and the line break after the second. */
  byteLength: number;
  /** The markdown after the block. */
  rest: string;
}

function isSeparator(line: string): boolean {
  return line.trim() === '---';
}

/** The leading front matter block of an LF-normalized source, or null. */
export function splitFrontMatter(lf: string): FrontMatter | null {
  const firstBreak = lf.indexOf('\n');
  if (firstBreak < 0 || !isSeparator(lf.slice(0, firstBreak))) return null;
  let start = firstBreak + 1;
  while (start <= lf.length) {
    const lineEnd = lf.indexOf('\n', start);
    const end = lineEnd < 0 ? lf.length : lineEnd;
    if (isSeparator(lf.slice(start, end))) {
      const yaml = lf.slice(firstBreak + 1, start);
      if (yaml.trim() === '') return null;
      const restStart = Math.min(end + 1, lf.length);
      return { yaml, byteLength: Buffer.byteLength(lf.slice(0, restStart), 'utf8'), rest: lf.slice(restStart) };
    }
    if (lineEnd < 0) break;
    start = lineEnd + 1;
  }
  return null;
}

function createMarkdown() {
  const md = new MarkdownIt({ html: true, linkify: true, breaks: true, typographer: false });

  md.core.ruler.after('block', 'task_list_items', (state) => {
    const lineStarts = lineStartOffsets(state.src);
    const baseOffset = (state.env as { byteOffset?: number }).byteOffset ?? 0;
    const tasks = ((state.env as { tasks?: TaskItem[] }).tasks ??= []);
    const tokens = state.tokens;
    for (let i = 0; i + 2 < tokens.length; i++) {
      const item = tokens[i]!;
      const paragraph = tokens[i + 1]!;
      const inline = tokens[i + 2]!;
      if (item.type !== 'list_item_open' || paragraph.type !== 'paragraph_open' || inline.type !== 'inline') continue;
      const marker = TASK_MARKER.exec(inline.content);
      if (!marker || !paragraph.map) continue;
      const line = paragraph.map[0];
      const lineStart = lineStarts[line] ?? 0;
      const lineEnd = lineStarts[line + 1] ?? state.src.length;
      const column = state.src.slice(lineStart, lineEnd).search(/\[[\t\n\f\r xX]\]/);
      if (column < 0) continue;
      const task: TaskItem = {
        position: baseOffset + Buffer.byteLength(state.src.slice(0, lineStart + column), 'utf8'),
        checked: marker[1] === 'x' || marker[1] === 'X',
      };
      tasks.push(task);
      inline.content = inline.content.slice(marker[0].length);
      item.attrJoin('class', 'task-list-item');
      const meta: TaskMeta = { task, loose: !paragraph.hidden };
      item.meta = meta;
    }
  });

  const renderListItem = md.renderer.rules.list_item_open;
  md.renderer.rules.list_item_open = (tokens, idx, options, env, self) => {
    const opened = renderListItem ? renderListItem(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
    const meta = tokens[idx]!.meta as TaskMeta | null;
    if (!meta?.task) return opened;
    const checked = meta.task.checked ? ' checked=""' : '';
    const box = `<input type="checkbox" disabled="" data-source-position="${meta.task.position}"${checked}>`;
    return opened.replace(/\n$/, '') + box + (meta.loose ? '\n' : '');
  };

  md.renderer.rules.html_block = (tokens, idx) => {
    const visible = tokens[idx]!.content.replace(HTML_COMMENT, '').trim();
    return visible ? `<p>${escapeHtml(visible)}</p>\n` : '';
  };
  md.renderer.rules.html_inline = (tokens, idx) => escapeHtml(tokens[idx]!.content.replace(HTML_COMMENT, ''));

  const renderLinkOpen = md.renderer.rules.link_open;
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx] as Token;
    const href = String(token.attrGet('href') ?? '');
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) token.attrSet('rel', 'nofollow');
    return renderLinkOpen ? renderLinkOpen(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
  };
  return md;
}

const markdown = createMarkdown();

function lineStartOffsets(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function renderFrontMatter(yaml: string): string {
  const rows = yaml.split('\n').filter((line) => line.trim() !== '');
  const pairs = rows.map((line) => /^([A-Za-z0-9_.-]+):[ \t]*(.*)$/.exec(line));
  if (pairs.every((m) => m !== null)) {
    const keys = pairs.map((m) => `<th>${escapeHtml(m![1]!)}</th>`).join('');
    const values = pairs.map((m) => `<td>${escapeHtml(m![2]!)}</td>`).join('');
    return `<table class="frontmatter"><thead><tr>${keys}</tr></thead><tbody><tr>${values}</tr></tbody></table>\n`;
  }
  return `<details class="frontmatter"><summary>Front matter</summary><pre><code>${escapeHtml(yaml)}</code></pre></details>\n`;
}

/** Render a stored body (any line endings) to the sanitized HTML the forge would show. */
export function renderBody(source: string): RenderedBody {
  const lf = normalizeEol(source);
  const frontMatter = splitFrontMatter(lf);
  const env: { byteOffset: number; tasks: TaskItem[] } = { byteOffset: frontMatter?.byteLength ?? 0, tasks: [] };
  const body = markdown.render(frontMatter ? frontMatter.rest : lf, env);
  return { html: (frontMatter ? renderFrontMatter(frontMatter.yaml) : '') + body, tasks: env.tasks };
}

export function renderMarkdown(source: string): string {
  return renderBody(source).html;
}
