/**
 * The landing page's artwork, drawn for Bürgerfit as inline SVG: every colour is a design token
 * (`var(--bf-color-…)`), so it follows the light and the dark theme, and nothing is fetched. Decorative (the text
 * next to each drawing says what it shows), so hidden from screen readers. Kept small for the page's JavaScript
 * budget: lines of text and bars are strokes with round caps, several of one colour in one path.
 */
import type { ReactNode } from 'react';

const v = (role: string) => `var(--bf-color-${role})`;

/** Strokes of one colour and width (bars, lines of text), or a shape filled with `fill`. */
function P({ d, c, w = 8, fill }: { d: string; c: string; w?: number; fill?: string }) {
  return <path d={d} stroke={v(c)} strokeWidth={w} fill={fill ? v(fill) : 'none'} />;
}

/** Answer rows at `ys` (x, width, height shared); the one at `ok` is right and checked. */
function Answers({
  x,
  w,
  h,
  ys,
  ok,
  pick,
}: {
  x: number;
  w: number;
  h: number;
  ys: number[];
  ok?: number;
  pick?: number;
}) {
  const r = h / 2 - 3;
  return (
    <>
      {ys.map((y) => {
        const tone = y === ok ? 'success' : y === pick ? 'primary' : '';
        return (
          <g key={y}>
            <rect
              x={x}
              y={y}
              width={w}
              height={h}
              rx={6}
              fill={v(tone ? `${tone}-soft` : 'surface')}
              stroke={v(tone || 'border')}
              strokeWidth={tone ? 2 : 1}
            />
            <P d={`M${x + 10} ${y + h / 2}h${w * 0.4}`} c={y === ok ? 'success' : 'border'} w={6} />
          </g>
        );
      })}
      {ok !== undefined && (
        <>
          <circle cx={x + w - h / 2} cy={ok + h / 2} r={r} fill={v('success')} />
          <P
            d={`M${x + w - h / 2 - r / 2} ${ok + h / 2}l${r / 3} ${r / 3} ${r * 0.6}-${r * 0.7}`}
            c="primary-contrast"
            w={2}
          />
        </>
      )}
    </>
  );
}

/** A progress ring: `share` of the circle drawn in `c`. */
function Ring({ cx, cy, r, share, c }: { cx: number; cy: number; r: number; share: number; c: string }) {
  const length = 2 * Math.PI * r;
  return (
    <g fill="none" strokeWidth={r / 3}>
      <circle cx={cx} cy={cy} r={r} stroke={v('surface-muted')} />
      <circle
        cx={cx}
        cy={cy}
        r={r}
        stroke={v(c)}
        strokeDasharray={`${length * share} ${length}`}
        transform={`rotate(-90 ${cx} ${cy})`}
      />
    </g>
  );
}

function Art({ box, className, children }: { box: string; className?: string; children: ReactNode }) {
  return (
    <svg
      viewBox={box}
      className={className}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** The hero: a phone with a test question answered right, in front of the Bundestag's dome and a flag. */
export function HeroArt({ className }: { className?: string }) {
  return (
    <Art box="0 0 360 280" className={className}>
      <circle cx={200} cy={140} r={124} fill={v('primary-soft')} />
      {/* The Reichstag building: front, roof, dome with its ribs, columns and door; a flag on top. */}
      <P d="M28 240v-56h152v56z" c="border" w={2} fill="surface" />
      <P d="M18 184h172l-12-10H30zM64 174a40 40 0 0 1 80 0z" c="border" w={2} fill="surface-muted" />
      <P
        d="M104 134v40M84 140l10 34M124 140l-10 34M70 158h68M48 196v34M68 196v34M88 196v34M120 196v34M140 196v34M160 196v34M96 240v-24a8 8 0 0 1 16 0v24"
        c="border"
        w={2}
      />
      <P d="M104 134V96" c="text-secondary" w={2} />
      {/* Black, red and gold in either theme (not the theme's text, danger and accent roles, which turn white, pink
          and yellow in the dark one); square ends, so the stripes meet. */}
      <g data-flag="de" strokeWidth={7} strokeLinecap="butt">
        <path d="M105 100h35" stroke="var(--bf-flag-de-black)" />
        <path d="M105 107h35" stroke="var(--bf-flag-de-red)" />
        <path d="M105 114h35" stroke="var(--bf-flag-de-gold)" />
      </g>
      {/* The phone with a question, the right answer checked. */}
      <rect
        x={196}
        y={22}
        width={128}
        height={236}
        rx={22}
        fill={v('surface')}
        stroke={v('text')}
        strokeWidth={5}
      />
      <P d="M243 37h34M216 76h88M216 90h62" c="border" />
      <P d="M215 57h90" c="surface-muted" w={6} />
      <P d="M215 57h52" c="primary" w={6} />
      <Answers x={212} w={96} h={26} ys={[108, 142, 176, 210]} ok={142} />
      {/* A score ring and two sparkles: progress made. */}
      <circle cx={190} cy={222} r={30} fill={v('surface')} stroke={v('border-subtle')} strokeWidth={2} />
      <Ring cx={190} cy={222} r={18} share={0.8} c="success" />
      <P d="M340 52l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" c="accent" w={1} fill="accent" />
      <P d="M30 70l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" c="primary" w={1} fill="primary" />
    </Art>
  );
}

export type PreviewKind = 'learn' | 'exam' | 'dashboard';

/** The three screens, each on a 200 × 130 card. */
const PREVIEW: Record<PreviewKind, ReactNode> = {
  // Learn: a topic, a question, its answers with the right one checked.
  learn: (
    <>
      <P d="M20 18h36" c="primary-soft" w={12} />
      <P d="M18 36h150M18 48h110" c="border" />
      <Answers x={14} w={172} h={18} ys={[60, 82, 104]} ok={82} />
    </>
  ),
  // The mock test: progress and the timer on top, the learner's pick, the next button.
  exam: (
    <>
      <P d="M17 19h104" c="surface-muted" w={6} />
      <P d="M17 19h40" c="primary" w={6} />
      <rect x={140} y={10} width={46} height={18} rx={9} fill={v('warning-soft')} stroke={v('accent')} />
      <circle cx={152} cy={19} r={4} fill="none" stroke={v('accent')} strokeWidth={2} />
      <P d="M162 19h16" c="accent" w={6} />
      <P d="M18 42h150" c="border" />
      <Answers x={14} w={172} h={16} ys={[54, 74, 94]} pick={74} />
      <P d="M131 119h50" c="primary" w={10} />
    </>
  ),
  // The dashboard: readiness ring, streak and the topics as bars.
  dashboard: (
    <>
      <Ring cx={42} cy={42} r={24} share={0.7} c="primary" />
      <P d="M95 27h80" c="warning-soft" w={22} />
      <P d="M95 55h80" c="primary-soft" w={22} />
      <P d="M96 34c-4 0-6-3-5-6 1-2 3-3 3-6 3 2 6 5 6 8 0 2-2 4-4 4z" c="accent" w={1} fill="accent" />
      <P d="M110 27h46" c="accent" w={6} />
      <P d="M96 55h60" c="primary" w={6} />
      <P d="M18 86h164M18 102h164M18 118h164" c="surface-muted" />
      <P d="M18 86h140" c="success" />
      <P d="M18 102h96" c="primary" />
      <P d="M18 118h52" c="accent" />
    </>
  ),
};

/** A drawn preview of a screen of the app (not a screenshot: it follows the theme and weighs little). */
export function PreviewArt({ kind, className }: { kind: PreviewKind; className?: string }) {
  return (
    <Art box="0 0 200 130" className={className}>
      <rect x={1} y={1} width={198} height={128} rx={10} fill={v('surface')} stroke={v('border')} />
      {PREVIEW[kind]}
    </Art>
  );
}
