import { useLanguage } from '@buergerfit/platform';
import { useTranslation } from 'react-i18next';

/** One section of a long text (knowledge page, legal pages) as it is stored in `locales/<lng>/marketing.json`. */
export interface TextSection {
  title: string;
  /** Paragraphs before the list. */
  p?: string[];
  list?: string[];
  /** Paragraphs after the list. */
  after?: string[];
}

/** A translated array or object (`returnObjects`); an empty value when the key is missing. */
export function useObjects() {
  const { t } = useTranslation('marketing');
  return {
    list: (key: string): string[] => {
      const value: unknown = t(key, { returnObjects: true });
      return Array.isArray(value) ? value.map(String) : [];
    },
    sections: (key: string): Array<[string, TextSection]> => {
      const value: unknown = t(key, { returnObjects: true });
      return value && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value as Record<string, TextSection>)
        : [];
    },
  };
}

/** Renders the sections under `key` with h2 headings (ids `<prefix>-<section>`). */
export function Sections({ source, prefix }: { source: string; prefix: string }) {
  const { sections } = useObjects();
  return (
    <>
      {sections(source).map(([id, section]) => (
        <section key={id} aria-labelledby={`${prefix}-${id}`}>
          <h2 id={`${prefix}-${id}`}>{section.title}</h2>
          {section.p?.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
          {section.after?.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
    </>
  );
}

/** Euro amounts in the reader's language: de/hr "8,99 €", en "€8.99"; whole amounts without cents ("0 €"). */
export function useEuro(): (amount: number) => string {
  const { language } = useLanguage();
  return (amount) =>
    new Intl.NumberFormat(language, {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
}
