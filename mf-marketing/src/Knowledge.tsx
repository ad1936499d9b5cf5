import { Link, useDocumentTitle } from '@buergerfit/platform';
import { buttonClass, Card } from '@buergerfit/ui';
import { useTranslation } from 'react-i18next';
import { Sections } from './content';
import styles from './marketing.module.css';

/** `/knowledge/einburgerungstest`: the test and the rest of the naturalisation process, dated. */
export function Knowledge() {
  const { t } = useTranslation('marketing');
  useDocumentTitle(t('knowledge.title'));
  return (
    <article className={`${styles.page} ${styles.text}`} aria-labelledby="knowledge-title">
      <h1 id="knowledge-title">{t('knowledge.title')}</h1>
      <p className={styles.muted}>{t('knowledge.asOf')}</p>
      <p className={styles.lead}>{t('knowledge.intro')}</p>
      <dl className={styles.facts} aria-label={t('knowledge.factsLabel')}>
        {(['questions', 'pass', 'time', 'fee'] as const).map((fact) => (
          <div key={fact}>
            <dt>{t(`knowledge.facts.${fact}.label`)}</dt>
            <dd>{t(`knowledge.facts.${fact}.value`)}</dd>
          </div>
        ))}
      </dl>
      <Sections source="knowledge.sections" prefix="knowledge" />
      <Card as="aside" title={t('knowledge.demoTitle')} icon="play" tone="primary" className={styles.callout}>
        <p>{t('knowledge.demoText')}</p>
        <Link className={buttonClass()} to="/demo">
          {t('knowledge.demo')}
        </Link>
      </Card>
      <p className={styles.muted}>{t('knowledge.disclaimer')}</p>
      <p className={styles.independence}>{t('independence')}</p>
    </article>
  );
}
