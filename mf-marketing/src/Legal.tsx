import { getBackgroundLocation, useIsNarrow, useLocation, useNavigate } from '@buergerfit/platform';
import { useId } from 'react';
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

  if (narrow && background) {
    return (
      <Modal labelledBy={titleId} onClose={close}>
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
      <LegalText kind={kind} titleId={titleId} />
      {background && (
        <button type="button" className={styles.secondaryButton} onClick={close}>
          {t('legal.back')}
        </button>
      )}
    </article>
  );
}
