/**
 * Which of many regular expressions can match a text, told cheaply before any of them runs: each
 * expression's source is read once (regjsparser) for the literal strings every match must contain,
 * and a text is walked once for all of them. A rule whose literals are absent is skipped; one whose
 * literals are present still runs, so the gate only ever saves work, never changes a result.
 *
 * Why: the period grammar tries about a hundred expressions on every sentence of a release and every
 * question, and most of them cannot match (no "calendar", no "weeks", no month's name); the cost of
 * trying was the fixed cost of each attempt, not the length of the text.
 */
import { createRequire } from 'node:module';
import type { AstNode, CharacterClass } from 'regjsparser';

// A CommonJS module that names its exports only at run time: Node's ESM import cannot list them.
const { parse } = createRequire(import.meta.url)('regjsparser') as typeof import('regjsparser');

/** What the expressions may use beyond ES5: look-behinds and named groups. */
const FEATURES = { lookbehind: true, namedGroups: true } as const;
type Node = AstNode<typeof FEATURES>;

/**
 * What a part of an expression can match: `exact`, every string it matches (when few enough to
 * list); `all`, sets of strings such that a match holds one string of each set.
 */
interface Needs {
  exact?: Set<string>;
  all: Array<Set<string>>;
}

/** The most strings listed for a part before only what it must contain is kept. */
const LIST_LIMIT = 64;
/** The most copies of a part a repeat is listed as ("\d{2}"); past it only one copy is required. */
const REPEAT_LIMIT = 8;
/** The largest set whose weaker strings are looked for (quadratic); a larger one is kept whole. */
const WEAKEST_LIMIT = 256;

const NOTHING: Needs = { all: [] };
const EMPTY = (): Needs => ({ exact: new Set(['']), all: [] });

function product(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return out;
}

/** A set a match must hold one of, or none when the part may match nothing at all. */
const nonEmpty = (s: Set<string> | undefined) => (s && !s.has('') ? s : undefined);
const setsOf = (n: Needs): Array<Set<string>> => (n.exact ? [nonEmpty(n.exact)].filter((s) => s !== undefined) : n.all);

/** The more selective set: longer shortest string, then fewer strings. */
function selectivity(s: ReadonlySet<string>): number {
  let shortest = Infinity;
  for (const x of s) shortest = Math.min(shortest, x.length);
  return shortest * 100 - s.size;
}
const mostSelective = (sets: ReadonlyArray<Set<string>>) => sets.reduce<Set<string> | undefined>((a, b) => (!a || selectivity(b) > selectivity(a) ? b : a), undefined);

/**
 * A character as the scan sees it: ASCII letters in lower case (a text is folded the same way), other
 * characters as they are; undefined for a letter beyond ASCII in a case-insensitive pattern, whose
 * other case could match it.
 */
type Fold = (code: number) => string | undefined;

/** The characters of a class, when few; a class of many (\w, [a-z], a negated one) constrains nothing. */
function classChars(node: CharacterClass<typeof FEATURES>, fold: Fold): Set<string> | undefined {
  if (node.negative) return undefined;
  const codes: number[] = [];
  for (const part of node.body) {
    if (part.type === 'value') codes.push(part.codePoint);
    else if (part.type === 'characterClassRange' && part.max.codePoint - part.min.codePoint <= 10) {
      for (let c = part.min.codePoint; c <= part.max.codePoint; c++) codes.push(c);
    } else if (part.type === 'characterClassEscape' && part.value === 'd') for (let c = 48; c < 58; c++) codes.push(c);
    else return undefined;
  }
  const chars = codes.map(fold);
  return chars.every((c) => c !== undefined) ? new Set(chars) : undefined;
}

function sequence(nodes: readonly Node[], reading: Reading): Needs {
  // `run`: the strings of the parts since the last one whose strings could not be listed.
  let run = new Set(['']);
  let listed = true;
  const all: Array<Set<string>> = [];
  for (const node of nodes) {
    const n = needs(node, reading);
    if (n.exact && run.size * n.exact.size <= LIST_LIMIT) {
      run = product(run, n.exact);
      continue;
    }
    listed = false;
    const before = nonEmpty(run);
    if (before) all.push(before);
    if (n.exact) run = n.exact;
    else {
      all.push(...n.all);
      run = new Set(['']);
    }
  }
  if (listed) return { exact: run, all: [] };
  const last = nonEmpty(run);
  return { all: last ? [...all, last] : all };
}

/**
 * How a pattern's parts are read: its fold, and what its parts were found to need. A part's text
 * reads the same within patterns of the same fold and the same groups (`\1` is a back-reference only
 * where there is a group, `\k<a>` one only where groups are named): such patterns share what their
 * parts need (a month's name, a year, recur across a grammar's rules). Needs are never changed once made.
 */
interface Reading {
  fold: Fold;
  memo: Map<string, Needs>;
}
const readings = new Map<string, Reading>();

function readingOf(fold: Fold, groups: number, named: boolean): Reading {
  const key = `${fold === CASELESS ? 'i' : ''}:${groups}:${named}`;
  return readings.get(key) ?? readings.set(key, { fold, memo: new Map() }).get(key) as Reading;
}

/**
 * Nesting deeper than this is read as nothing known: the analysis recurses a few calls a level, and
 * 3,000 nested groups, which the reader sometimes parses, overflowed the stack.
 */
const DEPTH_LIMIT = 200;

/** A pattern's groups (how many, any named) and how deep its parts nest, walked without recursion. */
function shapeOf(root: Node): { groups: number; named: boolean; depth: number } {
  let groups = 0;
  let named = false;
  let depth = 0;
  const stack: Array<[Node, number]> = [[root, 1]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, level] = item;
    depth = Math.max(depth, level);
    if (node.type === 'group' && node.behavior === 'normal') {
      groups += 1;
      named ||= node.name !== undefined;
    }
    if (node.type === 'alternative' || node.type === 'disjunction' || node.type === 'group' || node.type === 'quantifier') for (const child of node.body) stack.push([child, level + 1]);
  }
  return { groups, named, depth };
}

function needs(node: Node, reading: Reading): Needs {
  const seen = reading.memo.get(node.raw);
  if (seen) return seen;
  const made = partNeeds(node, reading);
  reading.memo.set(node.raw, made);
  return made;
}

function partNeeds(node: Node, reading: Reading): Needs {
  switch (node.type) {
    case 'value': {
      const char = reading.fold(node.codePoint);
      return char === undefined ? NOTHING : { exact: new Set([char]), all: [] };
    }
    case 'characterClass': {
      const chars = classChars(node, reading.fold);
      return chars ? { exact: chars, all: [] } : NOTHING;
    }
    case 'characterClassEscape':
      return node.value === 'd' ? { exact: new Set('0123456789'), all: [] } : NOTHING;
    case 'anchor':
      return EMPTY();
    case 'alternative':
      return sequence(node.body, reading);
    case 'group':
      // A look-around matches no characters of its own.
      return node.behavior === 'normal' || node.behavior === 'ignore' ? sequence(node.body, reading) : EMPTY();
    case 'disjunction': {
      const branches = node.body.map((b) => needs(b, reading));
      if (branches.every((b) => b.exact)) {
        const union = new Set(branches.flatMap((b) => [...(b.exact as Set<string>)]));
        if (union.size <= LIST_LIMIT) return { exact: union, all: [] };
      }
      // Each branch's most selective set: a match of the whole holds one string of one of them.
      const sets = branches.map((b) => mostSelective(setsOf(b)));
      return sets.every((s) => s !== undefined) ? { all: [new Set(sets.flatMap((s) => [...s]))] } : NOTHING;
    }
    case 'quantifier': {
      const body = needs(node.body[0], reading);
      if (node.min === 0) return node.max === 1 && body.exact ? { exact: new Set([...body.exact, '']), all: [] } : NOTHING;
      if (node.min === 1 && node.max === 1) return body;
      if (node.min === node.max && node.min <= REPEAT_LIMIT && body.exact && body.exact.size ** node.min <= LIST_LIMIT) {
        let exact = new Set(['']);
        for (let k = 0; k < node.min; k++) exact = product(exact, body.exact);
        return { exact, all: [] };
      }
      return { all: setsOf(body) };
    }
    default:
      // A back-reference, a dot, a property escape: nothing known.
      return NOTHING;
  }
}

/** Drops a string that holds another of its set: holding the shorter is already enough. */
function weakest(s: ReadonlySet<string>): string[] {
  const all = [...s];
  return all.length > WEAKEST_LIMIT ? all : all.filter((x) => !all.some((y) => y !== x && x.includes(y)));
}

const A = 65;
const Z = 90;
/** ASCII letters in lower case, every other character as it is: how the scan reads a text. */
const asciiLower = (code: number) => (code >= A && code <= Z ? code + 32 : code);
const CASED: Fold = (code) => String.fromCharCode(asciiLower(code));
const CASELESS: Fold = (code) => {
  const char = String.fromCharCode(asciiLower(code));
  return code >= 128 && char.toLowerCase() !== char.toUpperCase() ? undefined : char;
};

/**
 * The literal strings a match of `pattern` must contain, ASCII letters in lower case: every match
 * holds one string of each list. Undefined when nothing is known (then it always runs); also for the
 * `u` and `v` flags, whose case folding reaches beyond ASCII ("ſ" matches "s", "K" the Kelvin sign).
 * A text holds a literal of a case-sensitive pattern only if its lower-cased form holds it lower-cased:
 * folding both stays a necessary condition.
 */
export function requiredLiterals(pattern: RegExp): string[][] | undefined {
  if (/[uv]/.test(pattern.flags)) return undefined;
  let root: Node;
  try {
    root = parse(pattern.source, pattern.flags.replace(/[gy]/g, ''), FEATURES);
  } catch {
    // Syntax the reader does not know (or nests too deep for it): nothing known, the pattern always runs.
    return undefined;
  }
  const { groups, named, depth } = shapeOf(root);
  if (depth > DEPTH_LIMIT) return undefined;
  const sets = setsOf(needs(root, readingOf(pattern.flags.includes('i') ? CASELESS : CASED, groups, named)));
  const lists = new Map(sets.map((s) => weakest(s).sort()).map((list) => [list.join('\u0000'), list]));
  return lists.size > 0 ? [...lists.values()] : undefined;
}

/**
 * Which of `lists` of literals (ASCII letters in lower case) a text holds a literal of, its ASCII
 * letters read in lower case: the ids of the lists held, each once. An Aho-Corasick automaton over
 * the literals' own characters, so the text is read once, one step a character, however the
 * literals overlap (walking a trie from each position cost the text's length times the longest
 * literal); each state marks the lists of every literal that ends there.
 */
function listScanner(lists: ReadonlyArray<readonly string[]>): (text: string) => number[] {
  const listsOf = new Map<string, number[]>();
  lists.forEach((list, id) =>
    list.forEach((literal) => {
      const ids = listsOf.get(literal);
      if (ids) ids.push(id);
      else listsOf.set(literal, [id]);
    }),
  );
  const alphabet = new Map<number, number>();
  for (const literal of listsOf.keys()) for (let i = 0; i < literal.length; i++) if (!alphabet.has(literal.charCodeAt(i))) alphabet.set(literal.charCodeAt(i), alphabet.size);
  // Symbols of ASCII characters by table, upper-case letters as their lower case.
  const ascii = new Int16Array(128).fill(-1);
  for (let code = 0; code < 128; code++) ascii[code] = alphabet.get(asciiLower(code)) ?? -1;
  const width = alphabet.size;
  // The trie of the literals: its nodes by number, the root 0; each node's children by symbol, and the lists it marks.
  const children: Array<Map<number, number>> = [new Map()];
  const marks: Array<Set<number>> = [new Set()];
  for (const [literal, ids] of listsOf) {
    let node = 0;
    for (let i = 0; i < literal.length; i++) {
      const symbol = alphabet.get(literal.charCodeAt(i)) as number;
      let child = children[node]?.get(symbol);
      if (child === undefined) {
        child = children.length;
        children.push(new Map());
        marks.push(new Set());
        children[node]?.set(symbol, child);
      }
      node = child;
    }
    for (const id of ids) marks[node]?.add(id);
  }
  // The automaton: state n's next state on symbol s is next[n * width + s]. A state off the trie
  // falls back to the longest suffix of what was read that is on it (breadth first: that suffix is
  // shorter, so its state is complete), and marks what that suffix marks too.
  const next = new Int32Array(children.length * width);
  const fallback = new Int32Array(children.length);
  const queue: number[] = [0];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] as number;
    const back = fallback[node] as number;
    if (node !== 0) for (const id of marks[back] as Set<number>) marks[node]?.add(id);
    for (let symbol = 0; symbol < width; symbol++) {
      const child = children[node]?.get(symbol);
      if (child === undefined) next[node * width + symbol] = node === 0 ? 0 : (next[back * width + symbol] as number);
      else {
        next[node * width + symbol] = child;
        fallback[child] = node === 0 ? 0 : (next[back * width + symbol] as number);
        queue.push(child);
      }
    }
  }
  // The lists state n marks are flat[from[n]] to flat[from[n + 1]].
  const from = new Int32Array(marks.length + 1);
  marks.forEach((m, n) => (from[n + 1] = (from[n] as number) + m.size));
  const flat = Int32Array.from(marks.flatMap((m) => [...m]));
  // Which lists this scan has found: reset after each scan, for the ids found only.
  const found = new Uint8Array(lists.length);
  return (text) => {
    const held: number[] = [];
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const symbol = code < 128 ? (ascii[code] as number) : (alphabet.get(code) ?? -1);
      if (symbol < 0) {
        state = 0;
        continue;
      }
      state = next[state * width + symbol] as number;
      for (let k = from[state] as number; k < (from[state + 1] as number); k++) {
        const id = flat[k] as number;
        if (found[id] === 0) {
          found[id] = 1;
          held.push(id);
        }
      }
    }
    for (const id of held) found[id] = 0;
    return held;
  };
}

/**
 * The gates of `patterns`: `open(text)[i]` is 0 when pattern i cannot match the text (a literal it
 * needs is absent), 1 when it may.
 */
export function literalGates(patterns: readonly RegExp[]): { open(text: string): Uint8Array } {
  const lists: string[][] = [];
  const ids = new Map<string, number>();
  const idOf = (list: string[]) => {
    const key = list.join('\u0000');
    return ids.get(key) ?? (ids.set(key, lists.length), lists.push(list) - 1);
  };
  // Each pattern's lists by id (none: nothing known, it always runs), and the patterns each list gates.
  const needs = patterns.map((p) => [...new Set((requiredLiterals(p) ?? []).map(idOf))]);
  const need = Int32Array.from(needs, (ids) => ids.length);
  const gated: number[][] = lists.map(() => []);
  needs.forEach((ids, pattern) => ids.forEach((id) => gated[id]?.push(pattern)));
  const scan = listScanner(lists);
  return {
    open(text) {
      // A pattern is open when every list it needs is held: count the held ones.
      const count = new Int32Array(patterns.length);
      for (const id of scan(text)) for (const pattern of gated[id] as number[]) count[pattern] = (count[pattern] as number) + 1;
      const open = new Uint8Array(patterns.length);
      for (let pattern = 0; pattern < patterns.length; pattern++) open[pattern] = count[pattern] === need[pattern] ? 1 : 0;
      return open;
    },
  };
}
