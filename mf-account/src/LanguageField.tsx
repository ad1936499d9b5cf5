import { LANGUAGES } from '@buergerfit/locales';
import { isLanguage, type Language, useLanguage } from '@buergerfit/platform';
import { type FieldControlProps, Select } from '@buergerfit/ui';
import { useTranslation } from 'react-i18next';

/**
 * The language select of welcome and settings (inside a `Field`, or with its own id and label): switches the UI
 * at once, then reports the choice.
 */
export function LanguageField({
  onChanged,
  ...control
}: Partial<FieldControlProps> & {
  onChanged: (language: Language) => void;
}) {
  const { t } = useTranslation('account');
  const { language, setLanguage } = useLanguage();
  return (
    <Select
      {...control}
      value={language}
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
    </Select>
  );
}
