// The pure part of `npm run trace:page` (bench/trace.ts), without a browser or a server: `npm test --workspace e2e`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  conceptsIn,
  countEntries,
  crossesIn,
  customElementDefinitions,
  decodeMappings,
  entryEdge,
  entryOffsets,
  lineColumn,
  lineStarts,
  type Place,
  parseStack,
  type StackFrame,
  segmentAt,
} from './trace';

test("a stack's frames: its condition's own frames and frames without a file are left out, a path is a URL", () => {
  const stack = [
    'Error',
    '    at eval (eval at render (file:///build/index.mjs:3:17), <anonymous>:1:82)',
    '    at render (file:///build/index.mjs:3:17)',
    '    at serveShell (/work/main/bff/src/web/shell.ts:235:16)',
    '    at async Promise.all (index 0)',
    '    at async dispatch (/work/main/bff/src/app.ts:62:7)',
    '    at http://127.0.0.1:8450/demo:12:40',
  ].join('\n');
  assert.deepEqual(parseStack(stack), [
    { name: 'render', url: 'file:///build/index.mjs', line: 2, column: 16 },
    { name: 'serveShell', url: 'file:///work/main/bff/src/web/shell.ts', line: 234, column: 15 },
    { name: 'dispatch', url: 'file:///work/main/bff/src/app.ts', line: 61, column: 6 },
    { name: '', url: 'http://127.0.0.1:8450/demo', line: 11, column: 39 },
  ]);
});

/** Frames named `module|name`, placed at their line + 1 in that module ('lib' is not the project's). */
const frame = (where: string, line = 0): StackFrame => {
  const [url, name] = where.split('|') as [string, string];
  return { name, url, line, column: 0 };
};
const place = (f: StackFrame): Place => (f.url === 'lib' ? null : { module: f.url, line: f.line + 1 });

test('an entry comes from the nearest other module below, through libraries and the module’s own frames', () => {
  const frames = [
    frame('ui/Icon.tsx|Icon'),
    frame('lib|renderWithHooks'),
    frame('ui/Icon.tsx|IconList'),
    frame('lib|workLoop'),
    frame('shell/App.tsx|App', 41),
    frame('shell/main.tsx|start', 9),
  ];
  assert.deepEqual(entryEdge(frames, place), {
    module: 'ui/Icon.tsx',
    from: 'shell/App.tsx:42',
    to: 'ui/Icon.tsx:IconList',
  });
});

test('an entry with no other module of the project below comes from outside; a library frame on top is none', () => {
  assert.deepEqual(entryEdge([frame('bff/ssr.ts|'), frame('lib|emit'), frame('bff/ssr.ts|onData')], place), {
    module: 'bff/ssr.ts',
    from: '(outside)',
    to: 'bff/ssr.ts:onData',
  });
  assert.equal(entryEdge([frame('lib|emit'), frame('bff/ssr.ts|onData')], place), null);
});

test('a call into a module is one whose nearest caller of the project is another module, or none', () => {
  assert.equal(
    crossesIn([frame('b.ts|g'), frame('lib|map'), frame('b.ts|f'), frame('a.ts|main')], place),
    false,
  );
  assert.equal(crossesIn([frame('b.ts|f'), frame('lib|map'), frame('a.ts|main')], place), true);
  assert.equal(crossesIn([frame('b.ts|f'), frame('lib|emit')], place), true);
  assert.equal(crossesIn([frame('lib|emit'), frame('b.ts|f')], place), false);
});

test('entries are counted once per call site and function, however often taken', () => {
  const a = { module: 'b.ts', from: 'a.ts:3', to: 'b.ts:f' };
  const entries = countEntries([
    a,
    { ...a },
    { module: 'b.ts', from: 'a.ts:4', to: 'b.ts:f' },
    { module: 'b.ts', from: '(outside)', to: 'b.ts:g' },
    null,
    { module: 'a.ts', from: '(outside)', to: 'a.ts:main' },
  ]);
  assert.deepEqual(
    [...entries],
    [
      ['b.ts', 3],
      ['a.ts', 1],
    ],
  );
});

test("each function's breakpoint is its own first location, not a nested function's", () => {
  // V8's ranges and breakable locations of:
  //   export function b(x) {
  //     const inner = () => x * 2;
  //     return inner() + 1;
  //   }
  const ranges = [
    { start: 7, end: 75 },
    { start: 39, end: 50 },
  ];
  assert.deepEqual(entryOffsets(ranges, [39, 47, 50, 61, 73]), [39, 47]);
  assert.deepEqual(entryOffsets([{ start: 0, end: 10 }], []), [undefined]);
});

test("a source map's segments: generated column, source and original line, multi-digit numbers included", () => {
  const lines = decodeMappings('AAAA,ECCA;AACA;gBAAA');
  assert.deepEqual(lines, [
    [
      { column: 0, source: 0, line: 0 },
      { column: 2, source: 1, line: 1 },
    ],
    [{ column: 0, source: 1, line: 2 }],
    [{ column: 16, source: 1, line: 2 }],
  ]);
  assert.deepEqual(segmentAt(lines, 0, 5), { column: 2, source: 1, line: 1 });
  assert.deepEqual(segmentAt(lines, 0, 1), { column: 0, source: 0, line: 0 });
  assert.equal(segmentAt(lines, 2, 3), null);
});

test('offsets to lines and columns', () => {
  const starts = lineStarts('ab\ncde\n\nf');
  assert.deepEqual(starts, [0, 3, 7, 8]);
  assert.deepEqual(lineColumn(starts, 4), { line: 1, column: 1 });
  assert.deepEqual(lineColumn(starts, 8), { line: 3, column: 0 });
});

test('concepts: data attributes (also as dataset), bf-* elements and ids, __bf* globals; not CSS variables', () => {
  const source = `
    el.setAttribute('data-bf-style', ''); el.dataset.wakeUp = '1';
    html += '<bf-slot data-remote="x"></bf-slot>'; document.getElementById("bf-boot");
    window.__bfHeld = []; style.color = 'var(--bf-color-surface)';
    customElements.define('bf-boot', Boot);`;
  assert.deepEqual(conceptsIn(source), [
    { name: 'data-bf-style', kind: 'data attribute' },
    { name: 'data-remote', kind: 'data attribute' },
    { name: 'data-wake-up', kind: 'data attribute' },
    { name: 'bf-boot', kind: 'element or id' },
    { name: 'bf-slot', kind: 'element or id' },
    { name: '__bfHeld', kind: 'global' },
  ]);
  assert.deepEqual(customElementDefinitions(source), ['bf-boot']);
});
