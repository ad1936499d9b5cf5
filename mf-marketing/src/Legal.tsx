import {
  documentTitle,
  getBackgroundLocation,
  useDocumentTitle,
  useIsNarrow,
  useLocation,
  useNavigate,
} from '@buergerfit/platform';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Sections } from './content';
import { Modal } from './Modal';
import styles from './marketing.module.css';

export type LegalKind = 'privacy' | 'terms' | 'about';

function LegalText({ kind, titleId }: { kind: LegalKind; titleId: string }) {
  const { t } = useTranslation('marketing');
  return (
    <>
      <h1 id={titleId}>{t(`legal.${kind}.title`)}</h1>
      <p className={styles.muted}>{t('legal.updated')}</p>
      <p className={styles.lead}>{t(`legal.${kind}.intro`)}</p>
      <Sections source={`legal.${kind}.sections`} prefix={`${titleId}-${kind}`} />
    </>
  );
}

/** A legal page shown as a page names the document. */
function PageTitle({ page }: { page: string }) {
  useDocumentTitle(page);
  return null;
}

/**
 * A legal page shown as a dialog over another page names the document while it is open and gives the page below
 * its title back on close (that page stays mounted, so it would not set its title again).
 */
function DialogTitle({ page }: { page: string }) {
  useEffect(() => {
    const below = document.title;
    document.title = documentTitle(page);
    return () => {
      document.title = below;
    };
  }, [page]);
  return null;
}

/**
 * Legal pages (spec §2): under 768 px, when opened from another page (the link carried a
 * background location), a dialog over that page; otherwise a page. Closing goes back in history.
 */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation('marketing');
  const location = useLocation();
  const navigate = useNavigate();
  const narrow = useIsNarrow();
  const titleId = useId();
  const background = getBackgroundLocation(location);
  const close = () => navigate(-1);
  const page = t(`legal.${kind}.documentTitle`);

  if (narrow && background) {
    return (
      <Modal labelledBy={titleId} onClose={close}>
        <DialogTitle page={page} />
        <div className={styles.dialogHeader}>
          <button type="button" className={styles.closeButton} onClick={close} aria-label={t('legal.close')}>
            ×
          </button>
        </div>
        <div className={styles.text} data-testid="legal-dialog">
          <LegalText kind={kind} titleId={titleId} />
        </div>
      </Modal>
    );
  }
  return (
    <article className={`${styles.page} ${styles.text}`} data-testid="legal-page">
      <PageTitle page={page} />
      <LegalText kind={kind} titleId={titleId} />
      {background && (
        <button type="button" className={styles.secondaryButton} onClick={close}>
          {t('legal.back')}
        </button>
      )}
    </article>
  );
}
