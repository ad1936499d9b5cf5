import { LANGUAGES } from '@buergerfit/locales';
import { isLanguage, type Language, useLanguage } from '@buergerfit/platform';
import { useTranslation } from 'react-i18next';

/** The language select of welcome and settings: switches the UI at once, then reports the choice. */
export function LanguageField({
  id,
  onChanged,
  describedBy,
}: {
  id: string;
  onChanged: (language: Language) => void;
  describedBy?: string;
}) {
  const { t } = useTranslation('account');
  const { language, setLanguage } = useLanguage();
  return (
    <select
      id={id}
      value={language}
      aria-describedby={describedBy}
      onChange={(e) => {
        const next = e.target.value;
        if (!isLanguage(next)) return;
        void setLanguage(next);
        onChanged(next);
      }}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l}>
          {t(`language.${l}`)}
        </option>
      ))}
    </select>
  );
}
