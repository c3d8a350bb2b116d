/**
 * The little of an element's style that changes what a reader sees: whether it is shown at all,
 * whether it is raised as a superscript, and whether it stands apart from the text around it
 * (a paragraph) or runs on as the next line of the same paragraph.
 */

export type Attributes = ReadonlyMap<string, string>;

/** A style attribute's declarations, property to value, both lower case. */
function styleDeclarations(style: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const declaration of (style ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) out.set(declaration.slice(0, colon).trim().toLowerCase(), declaration.slice(colon + 1).trim().toLowerCase());
  }
  return out;
}

/** Cheap test first: most elements have no style worth parsing. */
const styleOf = (attributes: Attributes) => attributes.get('style') ?? '';

export function isHidden(attributes: Attributes): boolean {
  const style = styleOf(attributes);
  return attributes.has('hidden') || (style.includes('none') && styleDeclarations(style).get('display') === 'none');
}

/** `<sup>`, or a span raised by style: Workiva raises footnote marks with a negative relative offset. */
export function isSuperscript(name: string, attributes: Attributes): boolean {
  if (name === 'sup') return true;
  const style = styleOf(attributes);
  if (!style.includes('super') && !style.includes('relative')) return false;
  const declarations = styleDeclarations(style);
  const align = declarations.get('vertical-align');
  return align === 'super' || (declarations.get('position') === 'relative' && (declarations.get('top') ?? '').startsWith('-'));
}

/** An inline element indented by style: Workiva sets a bullet's text off with padding, not a space. */
export function isIndented(attributes: Attributes): boolean {
  const style = styleOf(attributes);
  if (!style.includes('left')) return false;
  const declarations = styleDeclarations(style);
  return points(declarations.get('padding-left') ?? '0') + points(declarations.get('margin-left') ?? '0') > 0;
}

/** Elements a browser sets apart with a margin of their own unless their style says otherwise. */
const SPACED_BY_DEFAULT = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'dl', 'blockquote', 'pre']);
/** Less than this is a rounding margin (".0001pt"), not a gap a reader sees. */
const VISIBLE_GAP_POINTS = 3;
const POINTS_PER_UNIT: Readonly<Record<string, number>> = { pt: 1, px: 0.75, in: 72, cm: 28.35, mm: 2.835, pc: 12, em: 12, rem: 12 };
const LENGTH = /^(-?\d*\.?\d+)([a-z]*)$/;

function points(length: string): number {
  const m = LENGTH.exec(length.trim());
  if (!m) return 0;
  return Number(m[1]) * (POINTS_PER_UNIT[m[2] || 'px'] ?? 0);
}

/** Top and bottom of a `margin` shorthand: one, two, three or four lengths. */
function shorthand(value: string | undefined): [string | undefined, string | undefined] {
  const parts = value?.split(/\s+/).filter(Boolean) ?? [];
  return [parts[0], parts.length >= 3 ? parts[2] : parts[0]];
}

/** Whether a block stands apart from the text above and below it. */
export function blockSpacing(name: string, attributes: Attributes): { before: boolean; after: boolean } {
  const style = styleOf(attributes);
  const declarations = style.includes('margin') || style.includes('padding') ? styleDeclarations(style) : new Map<string, string>();
  const [top, bottom] = shorthand(declarations.get('margin'));
  const defaultMargin = SPACED_BY_DEFAULT.has(name) ? VISIBLE_GAP_POINTS : 0;
  const gap = (margin: string | undefined, padding: string | undefined) =>
    (margin === undefined ? defaultMargin : points(margin)) + points(padding ?? '0') >= VISIBLE_GAP_POINTS;
  return {
    before: gap(declarations.get('margin-top') ?? top, declarations.get('padding-top')),
    after: gap(declarations.get('margin-bottom') ?? bottom, declarations.get('padding-bottom')),
  };
}
