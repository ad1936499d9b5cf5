/**
 * @buergerfit/ui/celebration: a moment when the learner wins — the card with the win, what comes next and a dismiss
 * button, and a short burst that respects reduced motion. Not a federation singleton: each remote that celebrates
 * (mf_exam, mf_dashboard) bundles it, built on the shared `@buergerfit/ui` components, so a remote built with a newer
 * one runs under an older shell, and the shell, which celebrates nothing, does not carry it.
 */
export {
  Celebration,
  type CelebrationProps,
  type CelebrationTone,
  flight,
  prefersReducedMotion,
} from './Celebration';
export {
  type CelebrateText,
  type CelebrationTexts,
  celebrationTexts,
  type DemoWin,
  type NextAction,
  nextText,
  type Win,
} from './celebrationTexts';
export { WinCelebration } from './WinCelebration';
