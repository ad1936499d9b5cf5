import {
  documentTitle,
  getBackgroundLocation,
  useDocumentTitle,
  useIsNarrow,
  useLocation,
  useNavigate,
} from '@buergerfit/platform';
import { Button, Dialog } from '@buergerfit/ui';
import { useEffect, useId, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Sections } from './content';
import styles from './marketing.module.css';

export type LegalKind = 'privacy' | 'terms' | 'about';

/** The document; in a dialog its title is the dialog's, so the text starts under it. */
function LegalText({ kind, titleId }: { kind: LegalKind; titleId?: string }) {
  const { t } = useTranslation('marketing');
  return (
    <>
      {titleId && <h1 id={titleId}>{t(`legal.${kind}.title`)}</h1>}
      <p className={styles.muted}>{t('legal.updated')}</p>
      <p className={styles.lead}>{t(`legal.${kind}.intro`)}</p>
      <Sections source={`legal.${kind}.sections`} prefix={`legal-${kind}`} />
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
 * its title back on close (that page stays mounted, so it would not set its title again). The dialog leaves by a
 * route change (it unmounts open, so the browser does not give focus back): focus returns to the link that opened
 * it, read before the dialog takes focus.
 */
function DialogTitle({ page }: { page: string }) {
  useEffect(() => {
    const below = document.title;
    document.title = documentTitle(page);
    return () => {
      document.title = below;
    };
  }, [page]);
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
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
      <Dialog open onClose={close} title={t(`legal.${kind}.title`)} closeLabel={t('legal.close')} size="wide">
        <DialogTitle page={page} />
        <div className={styles.text} data-testid="legal-dialog">
          <LegalText kind={kind} />
        </div>
      </Dialog>
    );
  }
  return (
    <article className={`${styles.page} ${styles.text}`} data-testid="legal-page">
      <PageTitle page={page} />
      <LegalText kind={kind} titleId={titleId} />
      {background && (
        <Button variant="secondary" icon="arrowLeft" className={styles.back} onAction={close}>
          {t('legal.back')}
        </Button>
      )}
    </article>
  );
}
