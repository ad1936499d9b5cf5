import type { SVGProps } from 'react';

/** A circle as a path (two arcs), so every icon is a list of `d` strings. */
const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

const STAR = 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z';

/**
 * The icon set of Bürgerfit: 24 × 24 outlines drawn with `currentColor` (so they take the text colour of either
 * theme), written for this product. Emoji are not icons here: where no emoji font is installed they render as
 * empty boxes, and `npm run lint` rejects them in the source.
 */
const PATHS = {
  alert: ['M12 3.5l9.5 17h-19z', 'M12 10v4.5', 'M12 17.6v.1'],
  arrowLeft: ['M19 12H5', 'M11 6l-6 6 6 6'],
  arrowRight: ['M5 12h14', 'M13 6l6 6-6 6'],
  book: ['M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5z', 'M4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5'],
  bookmark: ['M6 3h12v18l-6-4.5L6 21z'],
  calendar: [
    'M5 5h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z',
    'M3 10h18',
    'M8 3v4',
    'M16 3v4',
  ],
  cards: [
    'M5 8h10a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-9a2 2 0 0 1 2-2z',
    'M7 4h12a2 2 0 0 1 2 2v11',
  ],
  chart: ['M4 4v16h16', 'M8 16v-4', 'M12 16V8', 'M16 16v-6'],
  check: ['M5 12.5l4.5 4.5L19 7.5'],
  chevronDown: ['M6 9l6 6 6-6'],
  chevronLeft: ['M15 6l-6 6 6 6'],
  chevronRight: ['M9 6l6 6-6 6'],
  clipboard: [
    'M7 4H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-1',
    'M9 2.5h6v3H9z',
    'M8.5 13.5l2.5 2.5 4.5-5',
  ],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  enlarge: ['M14 4h6v6', 'M10 20H4v-6', 'M20 4l-7 7', 'M4 20l7-7'],
  filter: ['M3 5h18l-7 8.5V19l-4 2v-7.5z'],
  flag: ['M5 21V4', 'M5 4h13l-2.5 4.5L18 13H5'],
  flame: [
    'M12 22a7 7 0 0 0 7-7c0-4.5-3.5-6.5-4.5-10.5C13 7 12 8 10.5 8.5 10.5 6 9.5 4 8 2.5 6.5 7 5 9.5 5 15a7 7 0 0 0 7 7z',
  ],
  globe: [
    circle(12, 12, 9),
    'M3 12h18',
    'M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z',
  ],
  home: ['M3 11l9-8 9 8', 'M5.5 9.5V21h13V9.5'],
  info: [circle(12, 12, 9), 'M12 11v5.5', 'M12 7.6v.1'],
  lightbulb: [
    'M9 18h6',
    'M10 21.5h4',
    'M12 2.5a6.5 6.5 0 0 0-4 11.6c.7.6 1 1.4 1 2.4h6c0-1 .3-1.8 1-2.4a6.5 6.5 0 0 0-4-11.6z',
  ],
  logout: ['M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3', 'M10 17l-5-5 5-5', 'M5 12h11'],
  mail: ['M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z', 'M3 7.5l9 6 9-6'],
  mapPin: ['M12 21.5s7-6.3 7-12a7 7 0 0 0-14 0c0 5.7 7 12 7 12z', circle(12, 9.5, 2.5)],
  menu: ['M4 6h16', 'M4 12h16', 'M4 18h16'],
  moon: ['M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z'],
  play: ['M7 4.5l12 7.5-12 7.5z'],
  refresh: ['M20 11.5a8 8 0 1 1-2.4-5.7', 'M20 4v6h-6'],
  search: [circle(11, 11, 7), 'M20.5 20.5l-4.5-4.5'],
  settings: ['M4 7h9', 'M17 7h3', 'M4 17h3', 'M11 17h9', circle(15, 7, 2), circle(9, 17, 2)],
  sparkles: [
    'M11 3l1.9 5.1L18 10l-5.1 1.9L11 17l-1.9-5.1L4 10l5.1-1.9z',
    'M18.5 14.5l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8z',
  ],
  star: [STAR],
  starFilled: [STAR],
  sun: [
    circle(12, 12, 4),
    'M12 2v2.5',
    'M12 19.5V22',
    'M4.9 4.9l1.8 1.8',
    'M17.3 17.3l1.8 1.8',
    'M2 12h2.5',
    'M19.5 12H22',
    'M4.9 19.1l1.8-1.8',
    'M17.3 6.7l1.8-1.8',
  ],
  target: [circle(12, 12, 9), circle(12, 12, 5), circle(12, 12, 1)],
  timer: [circle(12, 13.5, 8), 'M12 9.5v4l2.5 2.5', 'M9.5 2.5h5'],
  trophy: [
    'M7.5 4h9v5a4.5 4.5 0 0 1-9 0z',
    'M7.5 6H4.5a3 3 0 0 0 3 4.5',
    'M16.5 6h3a3 3 0 0 1-3 4.5',
    'M12 13.5V17',
    'M8 21h8',
    'M9.5 17h5v4h-5z',
  ],
  user: [circle(12, 8, 4), 'M4 21a8 8 0 0 1 16 0'],
  volume: ['M4 9.5v5h3.5L12 19V5L7.5 9.5z', 'M15.5 9a4.5 4.5 0 0 1 0 6', 'M18.5 6a8.5 8.5 0 0 1 0 12'],
  x: ['M7 7l10 10', 'M17 7L7 17'],
  bolt: ['M13 2.5L4.5 13.5H12l-1 8 8.5-11H12z'],
  eye: ['M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z', circle(12, 12, 3)],
  list: ['M9 6h11', 'M9 12h11', 'M9 18h11', 'M4.5 6v.1', 'M4.5 12v.1', 'M4.5 18v.1'],
  lock: [
    'M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1z',
    'M8 11V7.5a4 4 0 0 1 8 0V11',
  ],
  medal: [
    circle(12, 15, 6),
    'M8.5 10.2L5 3h4.5l2.5 5',
    'M15.5 10.2L19 3h-4.5L12 8',
    'M12 12.5l.9 1.8 2 .3-1.5 1.4.4 2-1.8-1-1.8 1 .4-2-1.5-1.4 2-.3z',
  ],
  plus: ['M12 5v14', 'M5 12h14'],
  rotate: [
    'M4 12a8 8 0 0 1 13.7-5.7L20 8.5',
    'M20 3.5v5h-5',
    'M20 12a8 8 0 0 1-13.7 5.7L4 15.5',
    'M4 20.5v-5h5',
  ],
  shuffle: [
    'M3 7h4c5 0 5 10 10 10h4',
    'M3 17h4c2 0 3-1.5 4-3.5',
    'M13 9.5c1-1.5 2-2.5 4-2.5h4',
    'M18 4l3 3-3 3',
    'M18 14l3 3-3 3',
  ],
} satisfies Record<string, readonly string[]>;

/** Icons drawn filled rather than outlined. */
const FILLED: ReadonlySet<string> = new Set(['starFilled', 'play']);

export type IconName = keyof typeof PATHS;
export const ICON_NAMES = Object.keys(PATHS) as IconName[];

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  name: IconName;
  /** Edge length in px (default 20; `1em` follows the text). */
  size?: number | string;
  /** What the icon says when nothing next to it does; without a label the icon is decoration (aria-hidden). */
  label?: string;
}

/** An icon of the set: decorative by default, an image with a name when `label` is given. */
export function Icon({ name, size = 20, label, ...rest }: IconProps) {
  const filled = FILLED.has(name);
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: named by aria-label when labelled, else hidden (aria-hidden)
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-icon={name}
      {...rest}
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
