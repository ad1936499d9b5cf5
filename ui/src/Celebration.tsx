// The shared components are the shell's (the `@buergerfit/ui` singleton); this file is bundled into each remote that
// celebrates (the `@buergerfit/ui/celebration` entry), so a remote with a newer one runs under an older shell.
import { Icon, type IconName } from '@buergerfit/ui';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import c from './celebration.module.css';

export type CelebrationTone = 'success' | 'accent' | 'info' | 'primary';

export interface CelebrationProps {
  /** The win's picture: an icon of the set in a circle of `tone`. */
  icon: IconName;
  tone?: CelebrationTone;
  /** What the learner won, in a few words ("Your first pass!"). */
  title: string;
  headingLevel?: 2 | 3;
  /** The win in a sentence ("24 of 33 right: 7 more than the 17 you need."). */
  children?: ReactNode;
  /** Other wins of the same moment (a badge earned with the pass): small labels under the sentence. */
  also?: readonly { icon: IconName; label: string }[];
  /** What comes next, from the learner's own figures, with one action (a link the remote renders), if any. */
  next?: { label: string; text: string; action?: ReactNode } | null;
  /** Said once by screen readers (a polite live region) when the celebration appears in the live page. */
  announcement: string;
  dismissLabel: string;
  onDismiss: () => void;
  /** Plays a short burst from the picture, in the browser only, and never with `prefers-reduced-motion: reduce`. */
  burst?: boolean;
  /** Called once the celebration is on screen in the live page (record it as celebrated then). */
  onShown?: () => void;
  className?: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(REDUCED_MOTION).matches;

/**
 * A moment when the learner wins: an inline card (never over the page, never taking the focus) with the win, what
 * comes next and a dismiss button, and — once, as it first appears in the live page — a short burst of confetti
 * drawn with the Web Animations API on a layer that takes no pointer events (aria-hidden, gone when it ends, none
 * with reduced motion). Rendered on the server it is the same card without the burst.
 */
export function Celebration({
  icon,
  tone = 'success',
  title,
  headingLevel = 2,
  children,
  also = [],
  next,
  announcement,
  dismissLabel,
  onDismiss,
  burst = true,
  onShown,
  className,
}: CelebrationProps) {
  const id = useId();
  const cardRef = useRef<HTMLElement>(null);
  const artRef = useRef<HTMLSpanElement>(null);
  // Empty on the server and in the first render: the words are put into the live region after it exists, so they
  // are announced (a region that arrives with its text is not), and only once.
  const [announced, setAnnounced] = useState('');
  const [playing, setPlaying] = useState(false);
  const shown = useRef(onShown);
  shown.current = onShown;
  // What it said and whether it bursts when it appeared: a later text (another language) is not announced again.
  const appeared = useRef({ announcement, burst });

  useEffect(() => {
    setAnnounced(appeared.current.announcement);
    shown.current?.();
    if (appeared.current.burst && !prefersReducedMotion() && typeof Element.prototype.animate === 'function')
      setPlaying(true);
  }, []);

  const dismiss = () => {
    // The focus was on the card (its dismiss button): it goes on to what follows the card, not to the page's top.
    const card = cardRef.current;
    if (card?.contains(document.activeElement)) nextFocusable(card)?.focus({ preventScroll: true });
    onDismiss();
  };

  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section
      ref={cardRef}
      className={[c.celebration, className].filter(Boolean).join(' ')}
      data-tone={tone}
      aria-labelledby={`${id}-title`}
      data-testid="celebration"
    >
      <span ref={artRef} className={c.art} aria-hidden="true">
        <Icon name={icon} size={30} />
      </span>
      <Heading id={`${id}-title`} className={c.title}>
        {title}
      </Heading>
      <div className={c.rest}>
        {children && <p className={c.message}>{children}</p>}
        {also.length > 0 && (
          <ul className={c.also}>
            {also.map((item) => (
              <li key={item.label}>
                <Icon name={item.icon} size={16} />
                {item.label}
              </li>
            ))}
          </ul>
        )}
        {next && (
          <div className={c.next} data-testid="celebration-next">
            <p>
              <strong>{next.label}</strong> {next.text}
            </p>
            {next.action}
          </div>
        )}
      </div>
      <button
        type="button"
        className={c.dismiss}
        aria-label={dismissLabel}
        title={dismissLabel}
        onClick={dismiss}
      >
        <Icon name="close" size={20} />
      </button>
      <p role="status" className={c.visuallyHidden}>
        {announced}
      </p>
      {playing && <Burst origin={artRef} onEnd={() => setPlaying(false)} />}
    </section>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** The first element the keyboard reaches after `el` (outside it), if any. */
function nextFocusable(el: Element): HTMLElement | null {
  for (const candidate of document.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (el.contains(candidate)) continue;
    if (el.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING) return candidate;
  }
  return null;
}

/** Pieces of the burst; each one's colour is a design token. */
const PIECES = 32;
const COLOURS = ['success', 'accent', 'info', 'danger', 'primary'] as const;

/** A seeded generator (mulberry32): the same burst every time, nothing to test against chance. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** One piece's flight: up and out from the origin, then falling and turning, fading at the end. */
export function flight(random: () => number): { keyframes: Keyframe[]; duration: number; delay: number } {
  // Upwards in a fan (−160° … −20°), some faster than others.
  const angle = ((-160 + random() * 140) * Math.PI) / 180;
  const speed = 110 + random() * 170;
  const dx = Math.cos(angle) * speed;
  const dy = Math.sin(angle) * speed;
  const fall = 180 + random() * 220;
  const spin = (random() < 0.5 ? -1 : 1) * (240 + random() * 480);
  const px = (n: number) => `${Math.round(n)}px`;
  return {
    keyframes: [
      {
        transform: 'translate(-50%, -50%) scale(0.4) rotate(0deg)',
        opacity: 1,
        easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)',
      },
      {
        transform: `translate(calc(-50% + ${px(dx)}), calc(-50% + ${px(dy)})) scale(1) rotate(${Math.round(spin / 3)}deg)`,
        opacity: 1,
        offset: 0.32,
        easing: 'cubic-bezier(0.5, 0, 0.9, 0.6)',
      },
      {
        transform: `translate(calc(-50% + ${px(dx * 1.5)}), calc(-50% + ${px(dy + fall)})) scale(0.9) rotate(${Math.round(spin)}deg)`,
        opacity: 0,
      },
    ],
    duration: 1300 + random() * 600,
    delay: random() * 120,
  };
}

/**
 * The burst: a layer over the viewport that takes no pointer events and clips what flies out of it (nothing scrolls
 * sideways), hidden from assistive technology; it removes itself when the last piece has landed.
 */
function Burst({ origin, onEnd }: { origin: RefObject<HTMLElement | null>; onEnd: () => void }) {
  const layer = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  const ended = useRef(onEnd);
  ended.current = onEnd;

  useEffect(() => {
    const box = origin.current?.getBoundingClientRect();
    setAt(
      box
        ? { x: box.left + box.width / 2, y: box.top + box.height / 2 }
        : { x: window.innerWidth / 2, y: 120 },
    );
  }, [origin]);

  useEffect(() => {
    if (!at || !layer.current) return;
    const random = seeded(30);
    const pieces = [...layer.current.children] as HTMLElement[];
    const animations = pieces.map((piece) => {
      const { keyframes, duration, delay } = flight(random);
      return piece.animate(keyframes, { duration, delay, fill: 'both' });
    });
    const art = origin.current;
    const pop = art?.animate(
      [{ transform: 'scale(0.7)' }, { transform: 'scale(1.15)', offset: 0.6 }, { transform: 'scale(1)' }],
      { duration: 500, easing: 'cubic-bezier(0.2, 0, 0, 1)' },
    );
    let live = true;
    Promise.all(animations.map((a) => a.finished)).then(
      () => live && ended.current(),
      () => undefined,
    );
    return () => {
      live = false;
      for (const a of animations) a.cancel();
      pop?.cancel();
    };
  }, [at, origin]);

  if (typeof document === 'undefined') return null;
  return createPortal(
    <div ref={layer} className={c.burst} aria-hidden="true" data-testid="celebration-burst">
      {at &&
        Array.from({ length: PIECES }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed set of pieces
            key={i}
            className={c.piece}
            data-colour={COLOURS[i % COLOURS.length]}
            data-shape={i % 3 === 0 ? 'round' : 'strip'}
            style={{ left: at.x, top: at.y }}
          />
        ))}
    </div>,
    document.body,
  );
}
