/**
 * Text that users wrote (a guest's report, a name from an OAuth provider, a deploy's manifest URL) as a command-line
 * tool prints it to an operator's terminal. A terminal acts on control characters: ESC starts sequences that clear
 * the screen, move the cursor, hide text, set the window title or write the clipboard (OSC 52), CR returns to the
 * start of the line to print over it, BEL rings; C1 characters (U+0080-U+009F) act as ESC sequences on some
 * terminals; bidi controls (U+202A-U+202E, U+2066-U+2069) reorder what follows, and other invisible characters hide
 * or disguise it. Each of them is shown as an escape instead, the way JavaScript writes it (`\x1B`, `\r`, `\u202E`),
 * and so is the backslash itself (`\\`), so that an escape on screen always means that character was there.
 */

/**
 * Control (Cc: C0, DEL, C1) and format (Cf) characters, line and paragraph separators, lone surrogates, the
 * default-ignorable ones (invisible: Hangul fillers, tag characters, …), and the backslash.
 */
const SHOWN_ESCAPED = /[\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;
/** Invisible but harmless and part of ordinary text: the zero-width joiner and variation selectors (emoji). */
const KEPT = /^[\u200D\uFE00-\uFE0F\u{E0100}-\u{E01EF}]$/u;
const NAMED: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeOf(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.codePointAt(0) ?? 0;
  const hex = code.toString(16).toUpperCase();
  if (code <= 0xff) return `\\x${hex.padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${hex.padStart(4, '0')}`;
  return `\\u{${hex}}`;
}

/** `text` with every character a terminal would act on, and every invisible one, shown as an escape. */
export function visible(text: string): string {
  return text.replace(SHOWN_ESCAPED, (char) => (KEPT.test(char) ? char : escapeOf(char)));
}

/**
 * `text` as one line of a listing: line breaks and runs of spaces and tabs become one space (a text cannot start
 * a line of its own), and everything else `visible` escapes is escaped, a lone CR included.
 */
export function oneLine(text: string): string {
  return visible(text.replace(/(?:\r\n|[\n\t\p{Zs}])+/gu, ' ').trim());
}

/**
 * JSON for a terminal: the same value (JSON.parse gives it back), with the characters JSON leaves raw in strings
 * (DEL, C1, format, separators, invisible) written as `\uXXXX` escapes too; JSON.stringify escapes C0 itself.
 */
export function terminalJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /[\u007F-\u009F\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu,
    (char) =>
      Array.from(
        { length: char.length },
        (_, i) => `\\u${char.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`,
      ).join(''),
  );
}

/** Rows for `console.table` with every string cell passed through `visible` (it escapes C0 and C1 only). */
export function visibleRows<T extends object>(rows: readonly T[]): T[] {
  return rows.map(
    (row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [k, typeof v === 'string' ? visible(v) : v]),
      ) as T,
  );
}
