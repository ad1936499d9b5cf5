/**
 * The pure part of `npm run trace:page` (trace-page.ts): from V8's precise coverage and the stacks kept at each
 * function's start to the modules a page load passes through, how control enters each, and the concepts in them. No
 * browser, no server here.
 */

/** V8's precise coverage of one script (Profiler.ScriptCoverage). */
export type ScriptCoverage = {
  scriptId: string;
  url: string;
  functions: { functionName: string; ranges: { startOffset: number; endOffset: number; count: number }[] }[];
};

/** A frame of an `Error().stack`: where it is, 0-based (the string's lines and columns are 1-based). */
export type StackFrame = { name: string; url: string; line: number; column: number };

/**
 * The frames of a V8 stack trace (Node or Chromium) that are in a script with a URL; frames of evaluated code (the
 * breakpoint's own condition), of native code and of `Promise.all` are left out.
 */
export function parseStack(stack: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const raw of stack.split('\n')) {
    const line = raw.trim();
    if (!line.startsWith('at ')) continue;
    const m = /^at (?:async )?(?:(.*?) \()?((?:[a-z]+:\/\/|\/)[^\s()]*?):(\d+):(\d+)\)?$/.exec(line);
    if (!m || line.includes('eval at ')) continue;
    // Node prints a source-mapped frame (tsx) with the file's path, not its URL.
    const url = (m[2] as string).startsWith('/') ? `file://${m[2]}` : (m[2] as string);
    frames.push({ name: m[1] ?? '', url, line: Number(m[3]) - 1, column: Number(m[4]) - 1 });
  }
  return frames;
}

/** Where a frame is in the project's sources: the module and its line (1-based); null outside the project. */
export type Place = { module: string; line: number } | null;

/** An entry into a module: from a call site (or `(outside)`) to a function of the module. */
export type Edge = { module: string; from: string; to: string };

/**
 * How control came into the module of a stack's innermost frame: the call site in the nearest frame of another
 * module of the project (`from`, "module:line"), or `(outside)` when only libraries, the runtime or the event loop
 * are below; and the function of that module it called (`to`, "module:name"). Frames outside the project are passed
 * through, as are the module's own frames further down (a callback through a library). Null when the innermost
 * frame is not the project's.
 */
export function entryEdge(frames: StackFrame[], placeOf: (frame: StackFrame) => Place): Edge | null {
  const first = frames[0];
  const module = first ? placeOf(first)?.module : undefined;
  if (!first || !module) return null;
  let entered = first;
  for (const frame of frames.slice(1)) {
    const place = placeOf(frame);
    if (place?.module === module) entered = frame;
    if (!place || place.module === module) continue;
    return {
      module,
      from: `${place.module}:${place.line}`,
      to: `${module}:${entered.name || '(anonymous)'}`,
    };
  }
  return { module, from: '(outside)', to: `${module}:${entered.name || '(anonymous)'}` };
}

/**
 * Whether a stack's innermost function was called from another module (or from outside the project): the nearest
 * frame of the project below it is another module's, or there is none. Counted at every function's start, this is
 * every call into a module, repeats included.
 */
export function crossesIn(frames: StackFrame[], placeOf: (frame: StackFrame) => Place): boolean {
  const first = frames[0];
  const module = first ? placeOf(first)?.module : undefined;
  if (!first || !module) return false;
  for (const frame of frames.slice(1)) {
    const place = placeOf(frame);
    if (place) return place.module !== module;
  }
  return true;
}

/** Per module, its entries: the distinct ways control came into it (call site → function), counted once each. */
export function countEntries(edges: (Edge | null)[]): Map<string, number> {
  const seen = new Set<string>();
  const entries = new Map<string, number>();
  for (const edge of edges) {
    if (!edge) continue;
    const key = `${edge.from} → ${edge.to}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.set(edge.module, (entries.get(edge.module) ?? 0) + 1);
  }
  return entries;
}

/**
 * Where to put a breakpoint that is hit when each function starts: the first of the script's breakable locations
 * (offsets) that belongs to the function itself and not to one nested in it. A location belongs to the innermost
 * function whose range holds it (`start < offset <= end`: at a nested function's start is still the outer one's
 * statement). Undefined for a function with no location of its own.
 */
export function entryOffsets(
  ranges: { start: number; end: number }[],
  locations: number[],
): (number | undefined)[] {
  const order = ranges
    .map((_, i) => i)
    .sort((a, b) => {
      const ra = ranges[a] as { start: number; end: number };
      const rb = ranges[b] as { start: number; end: number };
      return ra.start - rb.start || rb.end - ra.end;
    });
  const at = (i: number) => ranges[i] as { start: number; end: number };
  const result: (number | undefined)[] = ranges.map(() => undefined);
  const open: number[] = [];
  let next = 0;
  for (const offset of [...locations].sort((a, b) => a - b)) {
    while (next < order.length && at(order[next] as number).start < offset) {
      const idx = order[next++] as number;
      while (open.length > 0 && at(open.at(-1) as number).end < at(idx).start) open.pop();
      open.push(idx);
    }
    while (open.length > 0 && at(open.at(-1) as number).end < offset) open.pop();
    const owner = open.at(-1);
    if (owner !== undefined && result[owner] === undefined) result[owner] = offset;
  }
  return result;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A segment of a source map: from its generated column on, the code is from `source`'s `line` (0-based). */
export type Segment = { column: number; source: number; line: number };

/**
 * A source map's `mappings`, decoded to what is needed here: per generated line, its segments' generated column,
 * source index and original line, in order (a segment with no source has source -1).
 */
export function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  // Each field is relative to its own previous value; the original column and the name are not kept.
  let source = 0;
  let line = 0;
  for (const text of mappings.split(';')) {
    const segments: Segment[] = [];
    let column = 0;
    for (const segment of text.split(',')) {
      if (segment === '') continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        if (digit < 0) throw new Error(`not a base64 digit in a source map: ${char}`);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0] ?? 0;
      if (values.length >= 4) {
        source += values[1] as number;
        line += values[2] as number;
        segments.push({ column, source, line });
      } else segments.push({ column, source: -1, line: -1 });
    }
    lines.push(segments);
  }
  return lines;
}

/** The segment of generated `line`:`column` (both 0-based): the last one at or before it; null for none. */
export function segmentAt(lines: Segment[][], line: number, column: number): Segment | null {
  const segments = lines[line] ?? [];
  let lo = 0;
  let hi = segments.length - 1;
  let found: Segment | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const seg = segments[mid] as Segment;
    if (seg.column <= column) {
      found = seg;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The offsets at which each line of `text` starts. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 0-based line and column of `offset`, given the text's line starts. */
export function lineColumn(starts: number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, column: offset - (starts[lo] as number) };
}

/** Per module: the functions that ran and how often they were called, from precise coverage (also by name). */
export type ModuleCalls = { functions: number; calls: number; byName: Record<string, number> };

/**
 * Adds one script's coverage to `into`, per module: every function with a count above 0, placed by `moduleAt`
 * (its start offset → module, null for code outside the project, counted under `null`).
 */
export function addCoverage(
  into: Map<string | null, ModuleCalls>,
  script: ScriptCoverage,
  moduleAt: (offset: number) => string | null,
): void {
  for (const fn of script.functions) {
    const range = fn.ranges[0];
    if (!range || range.count === 0) continue;
    const module = moduleAt(range.startOffset);
    const sum = into.get(module) ?? { functions: 0, calls: 0, byName: {} };
    sum.functions += 1;
    sum.calls += range.count;
    const name = fn.functionName || '(anonymous)';
    sum.byName[name] = (sum.byName[name] ?? 0) + range.count;
    into.set(module, sum);
  }
}

/** A name a newcomer meets in the modules: a data attribute, a custom element or id, a global of the app's own. */
export type Concept = { name: string; kind: 'data attribute' | 'element or id' | 'global' };

/**
 * The concepts named in a module's source: `data-*` attributes (written as such or as `dataset.fooBar`), `bf-*`
 * names in markup or strings (custom elements, ids), and `__bf*` globals.
 */
export function conceptsIn(source: string): Concept[] {
  const found = new Map<string, Concept>();
  const add = (name: string, kind: Concept['kind']) => found.set(`${kind}:${name}`, { name, kind });
  for (const m of source.matchAll(/(?<![\w-])data-[a-z][a-z0-9]*(?:-[a-z0-9]+)*/g))
    add(m[0], 'data attribute');
  for (const m of source.matchAll(/\bdataset\.([a-zA-Z][a-zA-Z0-9]*)/g)) {
    add(`data-${(m[1] as string).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, 'data attribute');
  }
  for (const m of source.matchAll(/[<'"`#/]\/?(bf-[a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?![\w-])/g)) {
    add(m[1] as string, 'element or id');
  }
  for (const m of source.matchAll(/\b__bf[A-Za-z0-9_]*/g)) add(m[0], 'global');
  return [...found.values()].sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
}

/** How often a module defines each custom element (`customElements.define('bf-…'`). */
export function customElementDefinitions(source: string): string[] {
  return [...source.matchAll(/customElements\.define\(\s*['"`]([a-z][a-z0-9-]*)['"`]/g)].map(
    (m) => m[1] as string,
  );
}
