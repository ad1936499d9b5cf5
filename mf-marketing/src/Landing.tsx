import type { AnalyticsEvent, BillingPeriod, PricingPlan } from '@buergerfit/contract';
import { api, conversionPing, Link, trackConversion, useDocumentTitle } from '@buergerfit/platform';
import { Button, buttonClass, Card, Icon, type IconName } from '@buergerfit/ui';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEuro, useObjects } from './content';
import { HeroArt, PreviewArt, type PreviewKind } from './illustrations';
import styles from './marketing.module.css';

/** The features of spec §2, each with its icon. */
const FEATURES: ReadonlyArray<readonly [string, IconName]> = [
  ['learn', 'book'],
  ['challenge', 'bolt'],
  ['mock', 'timer'],
  ['focus', 'target'],
  ['state', 'mapPin'],
  ['bookmarks', 'bookmark'],
  ['statistics', 'chart'],
  ['flashcards', 'cards'],
  ['achievements', 'trophy'],
];
const PREVIEWS: readonly PreviewKind[] = ['learn', 'exam', 'dashboard'];
/** Spec §9 prices in euro. */
export const PRICES = { free: 0, lifetime: 8.99, monthly: 3.49, yearly: 21.99 } as const;
const FAQ = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'] as const;
const FUTURE = ['b1', 'interview', 'weekly', 'multiplayer', 'community'] as const;

const scrollTo = (id: string) =>
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/**
 * FAQ as native disclosures (`<details name="faq">`): they open and close without any script (before the page is
 * hydrated too, and React leaves their `open` alone), and the shared name keeps one answer open at a time.
 */
function Faq() {
  const { t } = useTranslation('marketing');
  const base = useId();
  return (
    <section id="faq" className={styles.section} aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`}>{t('faq.title')}</h2>
      <div className={styles.faq}>
        {FAQ.map((item) => (
          // The learner may open one before hydration: its `open` is theirs, not a mismatch.
          <details key={item} name="faq" className={styles.faqItem} suppressHydrationWarning>
            <summary>
              <h3 id={`${base}-${item}-q`}>{t(`faq.${item}.q`)}</h3>
              <Icon name="chevronDown" className={styles.chevron} />
            </summary>
            <section aria-labelledby={`${base}-${item}-q`} className={styles.faqAnswer}>
              <p>{t(`faq.${item}.a`)}</p>
            </section>
          </details>
        ))}
      </div>
    </section>
  );
}

/** Records the chosen plan (an analytics event stored by the BFF); there is no purchase flow yet (spec §2). */
function recordPlan(plan: PricingPlan, billing?: BillingPeriod) {
  api
    .post(api.lang('/analytics/events'), {
      event: 'plan_selected',
      plan,
      ...(billing ? { billing } : {}),
    } satisfies AnalyticsEvent)
    .catch((error) => console.warn('[marketing] plan event not recorded', error));
}

/**
 * The three plans as cards of one layout (name, price, billing, features, buttons, the "noted" line): side by
 * side from 900 px, their rows aligned across the cards, the buttons at the bottom.
 */
function Pricing() {
  const { t } = useTranslation('marketing');
  const { list } = useObjects();
  const euro = useEuro();
  const [noted, setNoted] = useState<PricingPlan | null>(null);
  const pro = list('pricing.proFeatures');
  /** A plan's button (`label` a key): records the choice. */
  const offer = (label: string, primary: boolean, plan: PricingPlan, billing?: BillingPeriod) => (
    <Button
      variant={primary ? 'primary' : 'secondary'}
      block
      onAction={() => {
        recordPlan(plan, billing);
        setNoted(plan);
      }}
    >
      {t(label)}
    </Button>
  );
  const card = (
    plan: PricingPlan,
    price: ReactNode,
    period: ReactNode,
    features: string[],
    buttons: ReactNode,
  ) => (
    <Card
      as="li"
      title={t(`pricing.${plan}.name`)}
      headingLevel={3}
      tone={plan === 'lifetime' ? 'primary' : 'default'}
      className={styles.plan}
    >
      <p className={styles.price}>{price}</p>
      <p className={styles.period}>{period}</p>
      <ul className={styles.ticks}>
        {features.map((f) => (
          <li key={f}>
            <Icon name="check" size={18} className={styles.tick} />
            {f}
          </li>
        ))}
      </ul>
      <div className={styles.planActions}>{buttons}</div>
      <p role="status" className={styles.noted}>
        {noted === plan ? t('pricing.noted', { plan: t(`pricing.${plan}.name`) }) : ''}
      </p>
    </Card>
  );
  return (
    <section id="pricing" className={styles.section} aria-labelledby="pricing-title">
      <h2 id="pricing-title">{t('pricing.title')}</h2>
      <p className={styles.sectionLead}>{t('pricing.subtitle')}</p>
      <ul className={styles.plans}>
        {card(
          'free',
          euro(PRICES.free),
          t('pricing.free.period'),
          list('pricing.free.features'),
          offer('pricing.free.choose', false, 'free'),
        )}
        {card(
          'lifetime',
          euro(PRICES.lifetime),
          t('pricing.lifetime.period'),
          pro,
          offer('pricing.lifetime.choose', true, 'lifetime', 'one_time'),
        )}
        {card(
          'subscription',
          t('pricing.subscription.monthly', { price: euro(PRICES.monthly) }),
          <>
            {t('pricing.subscription.yearly', { price: euro(PRICES.yearly) })}{' '}
            <strong className={styles.saving}>{t('pricing.subscription.saving')}</strong>
          </>,
          [...pro, ...list('pricing.subscription.extras')],
          <>
            {offer('pricing.subscription.chooseMonthly', true, 'subscription', 'monthly')}
            {offer('pricing.subscription.chooseYearly', false, 'subscription', 'yearly')}
          </>,
        )}
      </ul>
    </section>
  );
}

export function Landing() {
  const { t } = useTranslation('marketing');
  const { list } = useObjects();
  // The home page is named by the product alone.
  useDocumentTitle(null);
  return (
    <div className={styles.landing}>
      <section id="home" className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroText}>
          <h1 id="hero-title">{t('hero.title')}</h1>
          <p className={styles.lead}>{t('hero.subtitle')}</p>
          <div className={styles.heroActions}>
            <Link
              className={buttonClass({ size: 'lg' })}
              to="/start"
              data-conversion="start_clicked"
              ping={conversionPing('mf_marketing', 'start_clicked')}
              onClick={() => trackConversion('mf_marketing', 'start_clicked')}
            >
              {t('hero.start')}
              <Icon name="arrowRight" />
            </Link>
            <Link
              className={buttonClass({ variant: 'secondary', size: 'lg' })}
              to="/knowledge/einburgerungstest"
            >
              {t('hero.learnMore')}
            </Link>
          </div>
          <ul className={styles.highlights}>
            {list('hero.facts').map((fact) => (
              <li key={fact}>
                <Icon name="check" size={18} className={styles.tick} />
                {fact}
              </li>
            ))}
          </ul>
        </div>
        <HeroArt className={styles.heroArt} />
        <p className={styles.independence}>{t('independence')}</p>
      </section>

      <section id="tour" className={styles.section} aria-labelledby="tour-title">
        <h2 id="tour-title">{t('previews.title')}</h2>
        <p className={styles.sectionLead}>{t('previews.text')}</p>
        <ul className={styles.previews}>
          {PREVIEWS.map((p) => (
            <li key={p} className={styles.preview}>
              <PreviewArt kind={p} className={styles.previewArt} />
              <h3>{t(`previews.${p}.title`)}</h3>
              <p>{t(`previews.${p}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="features" className={styles.section} aria-labelledby="features-title">
        <h2 id="features-title">{t('features.title')}</h2>
        <ul className={styles.features}>
          {FEATURES.map(([f, icon]) => (
            <li key={f} className={styles.feature}>
              <span className={styles.featureIcon}>
                <Icon name={icon} size={22} />
              </span>
              <h3>{t(`features.${f}.title`)}</h3>
              <p>{t(`features.${f}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <Pricing />

      <Faq />

      <section id="future" className={styles.section} aria-labelledby="future-title">
        <h2 id="future-title">{t('future.title')}</h2>
        <p className={styles.sectionLead}>{t('future.text')}</p>
        <ul className={styles.chips}>
          {FUTURE.map((f) => (
            <li key={f}>
              <Icon name="sparkles" size={16} />
              {t(`future.${f}`)}
            </li>
          ))}
        </ul>
      </section>

      <section id="cta" className={`${styles.section} ${styles.cta}`} aria-labelledby="cta-title">
        <h2 id="cta-title">{t('cta.title')}</h2>
        <p>{t('cta.text')}</p>
        <div className={styles.ctaActions}>
          <Button size="lg" onAction={() => scrollTo('home')}>
            {t('cta.start')}
          </Button>
          <Button variant="secondary" size="lg" onAction={() => scrollTo('features')}>
            {t('cta.features')}
          </Button>
        </div>
      </section>
    </div>
  );
}
