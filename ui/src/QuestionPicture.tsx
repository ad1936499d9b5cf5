// Part of the `@buergerfit/ui/question` entry (bundled into each remote that shows questions), on the shell's
// shared components.
import { Dialog, Icon } from '@buergerfit/ui';
import { type CSSProperties, useId, useState } from 'react';
import q from './question.module.css';

/** The picture's texts, by key (the shared `question` translations' `picture.*`, the question's number filled in). */
export type PictureText = 'alt' | 'enlarge' | 'enlargeHint' | 'close' | 'description';

/** A picture's size in pixels, as the catalog import read it from the file. */
export interface PictureSize {
  width: number;
  height: number;
}

export interface QuestionPictureProps {
  /** `/catalog-images/<file>`. */
  src: string;
  /**
   * Its size (from the catalog): the page reserves the picture's box before it loads, so nothing below it moves.
   * Absent from an older server's answer: then the box grows when the picture arrives.
   */
  size?: PictureSize | null;
  /** What the picture shows, each numbered option described (for screen readers; folded under the picture). */
  description?: string | null;
  text: (key: PictureText) => string;
  /** Smaller (the back of a flashcard, where the answer is what counts). */
  compact?: boolean;
  /** The enlarged picture opened or closed (a page pauses its keyboard shortcuts meanwhile). */
  onOpenChange?: (open: boolean) => void;
}

/**
 * A question's picture: a button that enlarges it in a dialog (the whole screen's width on a phone), its description
 * folded under it. With its size known, its box is laid out before it loads: at most the column's width and a
 * height cap (18rem, 9rem compact), in its own proportions.
 */
export function QuestionPicture({
  src,
  size,
  description,
  text,
  compact = false,
  onOpenChange,
}: QuestionPictureProps) {
  const [open, setOpenState] = useState(false);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  const descriptionId = useId();
  const alt = text('alt');
  const box = size
    ? ({ '--bf-picture-w': size.width, '--bf-picture-h': size.height } as CSSProperties)
    : undefined;
  return (
    <figure className={compact ? `${q.figure} ${q.compact}` : q.figure} style={box}>
      <button
        type="button"
        className={size ? `${q.pictureButton} ${q.sized}` : q.pictureButton}
        aria-label={text('enlarge')}
        aria-haspopup="dialog"
        data-testid="enlarge-picture"
        onClick={() => setOpen(true)}
      >
        <img
          src={src}
          alt={alt}
          width={size?.width}
          height={size?.height}
          aria-describedby={description ? descriptionId : undefined}
          loading="lazy"
          decoding="async"
        />
        <span className={q.enlargeHint} aria-hidden="true">
          <Icon name="enlarge" size={16} />
          {text('enlargeHint')}
        </span>
      </button>
      {description && (
        <figcaption>
          <details>
            <summary>{text('description')}</summary>
            <p id={descriptionId} className={q.descriptionText}>
              {description}
            </p>
          </details>
        </figcaption>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title={alt} closeLabel={text('close')} size="wide">
        <img className={q.pictureLarge} src={src} alt={alt} width={size?.width} height={size?.height} />
        {description && <p className={q.descriptionText}>{description}</p>}
      </Dialog>
    </figure>
  );
}
