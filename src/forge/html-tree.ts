// Small helpers over parse5's tree. The service worker has no DOMParser, so forge pages are
// parsed with parse5 and searched with these.
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

export type HtmlElement = DefaultTreeAdapterTypes.Element;
type HtmlNode = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;

export function parseHtml(html: string): DefaultTreeAdapterTypes.Document {
  return parse(html);
}

export function isElement(node: HtmlNode): node is HtmlElement {
  return 'tagName' in node;
}

export function attr(element: HtmlElement, name: string): string | null {
  for (const a of element.attrs) if (a.name === name) return a.value;
  return null;
}

export function hasClass(element: HtmlElement, className: string): boolean {
  const value = attr(element, 'class');
  return value !== null && value.split(/\s+/).includes(className);
}

/** Every element under `root`, in document order (template contents included). */
export function* elementsUnder(root: HtmlNode): Generator<HtmlElement> {
  const stack: HtmlNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as HtmlNode;
    if (isElement(node)) {
      if (node !== root) yield node;
    }
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as HtmlNode);
  }
}

function childrenOf(node: HtmlNode): HtmlNode[] {
  if (node.nodeName === 'template' && 'content' in node) return (node as DefaultTreeAdapterTypes.Template).content.childNodes;
  return 'childNodes' in node ? node.childNodes : [];
}

/** The concatenated text of an element, as `textContent` would give it. */
export function textOf(element: HtmlElement): string {
  let text = '';
  const stack: HtmlNode[] = [element];
  while (stack.length > 0) {
    const node = stack.pop() as HtmlNode;
    if (node.nodeName === '#text') text += (node as DefaultTreeAdapterTypes.TextNode).value;
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as HtmlNode);
  }
  return text;
}

export function parentElement(element: HtmlElement): HtmlElement | null {
  const parent = element.parentNode;
  return parent !== null && isElement(parent as HtmlNode) ? (parent as HtmlElement) : null;
}
