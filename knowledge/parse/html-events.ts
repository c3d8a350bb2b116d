/**
 * HTML as balanced element and text events, over htmlparser2's tokenizer.
 *
 * htmlparser2's Parser keeps its open elements with `unshift` and looks a closing tag up with
 * `indexOf`, both costing the depth: 100,000 nested divs took four seconds. Here the open elements
 * grow at the end of an array, each name's open count is kept, and the elements that end others
 * implicitly (cells, rows, paragraphs, list items) are found through their own short stack, so
 * every event costs O(1) amortised whatever the nesting.
 *
 * As in browsers, a closing tag inside a table cell only closes what was opened in that cell: a
 * stray `</font>` in an old release's cell does not end the table around it.
 *
 * Nothing inside an element the reader never sees is reported: `display:none` (Workiva's spare
 * table columns), `hidden`, script, style, title.
 */
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { isHidden, type Attributes } from './html-style.ts';

export interface MarkupHandler {
  /** Every reported open is followed by its close, void elements' at once. */
  open(name: string, attributes: Attributes): void;
  close(name: string): void;
  /** Text with its character references decoded. */
  text(text: string): void;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const UNSEEN = new Set(['script', 'style', 'title', 'template', 'noscript']);
/** The parts of a table: elements opened outside one of them cannot be closed inside it. */
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);
/** Elements that another element can end without a closing tag: tracked on their own stack. */
const SCOPED = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'p', 'li', 'ul', 'ol']);
/** Opening one of these ends an open paragraph. */
const ENDS_PARAGRAPH = new Set([
  'address', 'article', 'aside', 'blockquote', 'center', 'div', 'dl', 'fieldset', 'figure', 'footer', 'form',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'ul',
]);
/** What opening an element ends, innermost first, when it is the innermost scoped element. */
const ENDS: ReadonlyMap<string, ReadonlyArray<ReadonlySet<string>>> = new Map([
  ['td', [new Set(['td', 'th'])]],
  ['th', [new Set(['td', 'th'])]],
  ['tr', [new Set(['td', 'th']), new Set(['tr'])]],
  ['thead', [new Set(['td', 'th']), new Set(['tr']), new Set(['thead', 'tbody', 'tfoot'])]],
  ['tbody', [new Set(['td', 'th']), new Set(['tr']), new Set(['thead', 'tbody', 'tfoot'])]],
  ['tfoot', [new Set(['td', 'th']), new Set(['tr']), new Set(['thead', 'tbody', 'tfoot'])]],
  ['li', [new Set(['li'])]],
]);
const ENDS_P = [new Set(['p'])];

function hides(name: string, attributes: Attributes): boolean {
  return UNSEEN.has(name) || isHidden(attributes);
}

interface OpenElement {
  name: string;
  reported: boolean;
  hides: boolean;
}

class ElementStack {
  private readonly open: OpenElement[] = [];
  /** Indexes in `open` of the scoped elements, innermost last. */
  private readonly scoped: number[] = [];
  /** How many of each table part are open. */
  private readonly tableParts = new Map<string, number>();
  /** How many of each other element are open inside the innermost table part (or the document). */
  private readonly inPart: Array<Map<string, number>> = [new Map()];
  private hidden = 0;

  constructor(private readonly handler: MarkupHandler) {}

  get visible(): boolean {
    return this.hidden === 0;
  }

  openElement(name: string, attributes: Attributes): void {
    for (const ended of ENDS_PARAGRAPH.has(name) ? ENDS_P : (ENDS.get(name) ?? [])) this.endScoped(ended);
    if (VOID.has(name)) {
      if (this.visible) {
        this.handler.open(name, attributes);
        this.handler.close(name);
      }
      return;
    }
    const element = { name, hides: hides(name, attributes), reported: false };
    element.reported = this.visible && !element.hides;
    if (SCOPED.has(name)) this.scoped.push(this.open.length);
    this.open.push(element);
    this.count(name, 1);
    if (TABLE_PARTS.has(name)) this.inPart.push(new Map());
    if (element.hides) this.hidden++;
    if (element.reported) this.handler.open(name, attributes);
  }

  closeElement(name: string): void {
    if (VOID.has(name)) {
      // `</br>` is read as a line break by browsers; other void closing tags mean nothing.
      if (name === 'br') this.openElement('br', new Map());
      return;
    }
    const counts = TABLE_PARTS.has(name) ? this.tableParts : this.inPart[this.inPart.length - 1];
    if ((counts?.get(name) ?? 0) > 0) {
      let popped: OpenElement | undefined;
      do popped = this.pop();
      while (popped && popped.name !== name);
    } else if (name === 'p' && this.visible) {
      // A stray `</p>` is an empty paragraph to browsers: it still ends the text before it.
      this.handler.open('p', new Map());
      this.handler.close('p');
    }
  }

  text(text: string): void {
    if (this.visible) this.handler.text(text);
  }

  closeAll(): void {
    while (this.pop());
  }

  /** Ends the innermost scoped element, and what is open inside it, if it is one of `names`. */
  private endScoped(names: ReadonlySet<string>): void {
    const index = this.scoped[this.scoped.length - 1];
    const element = index === undefined ? undefined : this.open[index];
    if (index === undefined || !element || !names.has(element.name)) return;
    while (this.open.length > index) this.pop();
  }

  private count(name: string, by: number): void {
    const counts = TABLE_PARTS.has(name) ? this.tableParts : this.inPart[this.inPart.length - 1];
    counts?.set(name, (counts.get(name) ?? 0) + by);
  }

  private pop(): OpenElement | undefined {
    const element = this.open.pop();
    if (!element) return undefined;
    if (this.scoped[this.scoped.length - 1] === this.open.length) this.scoped.pop();
    if (TABLE_PARTS.has(element.name)) this.inPart.pop();
    this.count(element.name, -1);
    if (element.hides) this.hidden--;
    if (element.reported) this.handler.close(element.name);
    return element;
  }
}

/** Reads `content` to the end, reporting to `handler`; never throws on malformed markup. */
export function readMarkup(content: string, handler: MarkupHandler): void {
  const stack = new ElementStack(handler);
  let tagName = '';
  let attributes = new Map<string, string>();
  let attributeName = '';
  let attributeValue = '';
  const slice = (start: number, end: number) => content.slice(start, end);
  const openTag = () => stack.openElement(tagName, attributes);

  const callbacks: TokenizerCallbacks = {
    onopentagname(start, end) {
      tagName = slice(start, end).toLowerCase();
      attributes = new Map();
    },
    onattribname(start, end) {
      attributeName = slice(start, end).toLowerCase();
      attributeValue = '';
    },
    onattribdata(start, end) {
      attributeValue += slice(start, end);
    },
    onattribentity(codePoint) {
      attributeValue += String.fromCodePoint(codePoint);
    },
    onattribend() {
      if (!attributes.has(attributeName)) attributes.set(attributeName, attributeValue);
    },
    onopentagend: openTag,
    // HTML ignores the slash of `<div/>`: it opens the element like any other tag.
    onselfclosingtag: openTag,
    onclosetag(start, end) {
      stack.closeElement(slice(start, end).toLowerCase());
    },
    ontext(start, end) {
      stack.text(slice(start, end));
    },
    ontextentity(codePoint) {
      stack.text(String.fromCodePoint(codePoint));
    },
    oncdata() {},
    oncomment() {},
    ondeclaration() {},
    onprocessinginstruction() {},
    onend() {
      stack.closeAll();
    },
  };
  const tokenizer = new Tokenizer({ decodeEntities: true }, callbacks);
  tokenizer.write(content);
  tokenizer.end();
}
