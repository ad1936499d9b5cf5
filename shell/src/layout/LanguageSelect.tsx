import { LANGUAGES } from '@buergerfit/locales';
import { isLanguage, useLanguage } from '@buergerfit/platform';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../shell.module.css';

export function LanguageSelect({ className }: { className?: string }) {
  const { t } = useTranslation('shell');
  const { language, setLanguage } = useLanguage();
  const id = useId();
  return (
    <div className={[styles.languageSelect, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.visuallyHidden}>
        {t('language.label')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void setLanguage(next);
        }}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng} title={t(`language.${lng}`)}>
            {lng.toUpperCase()}
          </option>
        ))}
      </select>
    </div>
  );
}
