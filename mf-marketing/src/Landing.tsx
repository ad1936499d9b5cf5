import type { AnalyticsEvent, BillingPeriod, PricingPlan } from '@buergerfit/contract';
import { api, Link, trackConversion, useDocumentTitle } from '@buergerfit/platform';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEuro, useObjects } from './content';
import styles from './marketing.module.css';

const FEATURES = [
  'learn',
  'challenge',
  'mock',
  'focus',
  'state',
  'bookmarks',
  'statistics',
  'flashcards',
  'achievements',
] as const;
/** Spec §9 prices in euro. */
export const PRICES = { free: 0, lifetime: 8.99, monthly: 3.49, yearly: 21.99 } as const;
const FAQ = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'] as const;
const FUTURE = ['b1', 'interview', 'weekly', 'multiplayer', 'community'] as const;

const scrollTo = (id: string) =>
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

function Faq() {
  const { t } = useTranslation('marketing');
  const [open, setOpen] = useState<string | null>(null);
  const base = useId();
  return (
    <section id="faq" className={styles.section} aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`}>{t('faq.title')}</h2>
      <div className={styles.faq}>
        {FAQ.map((item) => {
          const expanded = open === item;
          return (
            <div key={item} className={styles.faqItem}>
              <h3>
                <button
                  type="button"
                  id={`${base}-${item}-button`}
                  aria-expanded={expanded}
                  aria-controls={`${base}-${item}`}
                  onClick={() => setOpen(expanded ? null : item)}
                >
                  {t(`faq.${item}.q`)}
                  <span aria-hidden="true">{expanded ? '−' : '+'}</span>
                </button>
              </h3>
              <section
                id={`${base}-${item}`}
                aria-labelledby={`${base}-${item}-button`}
                hidden={!expanded}
                className={styles.faqAnswer}
              >
                <p>{t(`faq.${item}.a`)}</p>
              </section>
            </div>
          );
        })}
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

function Pricing() {
  const { t } = useTranslation('marketing');
  const { list } = useObjects();
  const euro = useEuro();
  const [noted, setNoted] = useState<PricingPlan | null>(null);
  const choose = (plan: PricingPlan, billing?: BillingPeriod) => {
    recordPlan(plan, billing);
    setNoted(plan);
  };
  const pro = list('pricing.proFeatures');
  const ticks = (features: string[]) => (
    <ul className={styles.ticks}>
      {features.map((f) => (
        <li key={f}>{f}</li>
      ))}
    </ul>
  );
  /** A plan's button (`label` a key): records the choice. */
  const offer = (label: string, primary: boolean, plan: PricingPlan, billing?: BillingPeriod) => (
    <button
      type="button"
      className={primary ? styles.primaryButton : styles.secondaryButton}
      onClick={() => choose(plan, billing)}
    >
      {t(label)}
    </button>
  );
  const card = (plan: PricingPlan, body: ReactNode, buttons: ReactNode) => (
    <li className={`${styles.card} ${styles.plan}`} aria-labelledby={`plan-${plan}`}>
      <h3 id={`plan-${plan}`}>{t(`pricing.${plan}.name`)}</h3>
      {body}
      <div className={styles.planActions}>{buttons}</div>
      <p role="status" className={styles.noted}>
        {noted === plan ? t('pricing.noted', { plan: t(`pricing.${plan}.name`) }) : ''}
      </p>
    </li>
  );
  return (
    <section id="pricing" className={styles.section} aria-labelledby="pricing-title">
      <h2 id="pricing-title">{t('pricing.title')}</h2>
      <p>{t('pricing.subtitle')}</p>
      <ul className={styles.grid}>
        {card(
          'free',
          <>
            <p className={styles.price}>{euro(PRICES.free)}</p>
            <p className={styles.muted}>{t('pricing.free.period')}</p>
            {ticks(list('pricing.free.features'))}
          </>,
          offer('pricing.free.choose', false, 'free'),
        )}
        {card(
          'lifetime',
          <>
            <p className={styles.price}>{euro(PRICES.lifetime)}</p>
            <p className={styles.muted}>{t('pricing.lifetime.period')}</p>
            {ticks(pro)}
          </>,
          offer('pricing.lifetime.choose', true, 'lifetime', 'one_time'),
        )}
        {card(
          'subscription',
          <>
            <p className={styles.price}>
              {t('pricing.subscription.monthly', { price: euro(PRICES.monthly) })}
            </p>
            <p className={styles.muted}>
              {t('pricing.subscription.yearly', { price: euro(PRICES.yearly) })}{' '}
              <strong className={styles.saving}>{t('pricing.subscription.saving')}</strong>
            </p>
            {ticks([...pro, ...list('pricing.subscription.extras')])}
          </>,
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
  // The home page is named by the product alone.
  useDocumentTitle(null);
  return (
    <div className={styles.landing}>
      <section id="home" className={styles.hero} aria-labelledby="hero-title">
        <h1 id="hero-title">{t('hero.title')}</h1>
        <p className={styles.lead}>{t('hero.subtitle')}</p>
        <div className={styles.actions}>
          <Link
            className={styles.primaryButton}
            to="/start"
            data-conversion="start_clicked"
            onClick={() => trackConversion('mf_marketing', 'start_clicked')}
          >
            {t('hero.start')}
          </Link>
          <Link className={styles.secondaryButton} to="/knowledge/einburgerungstest">
            {t('hero.learnMore')}
          </Link>
        </div>
        <p className={styles.muted}>{t('hero.facts')}</p>
        <p className={styles.independence}>{t('independence')}</p>
      </section>

      <section id="features" className={styles.section} aria-labelledby="features-title">
        <h2 id="features-title">{t('features.title')}</h2>
        <ul className={styles.grid}>
          {FEATURES.map((f) => (
            <li key={f} className={styles.card}>
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
        <p>{t('future.text')}</p>
        <ul className={styles.chips}>
          {FUTURE.map((f) => (
            <li key={f}>{t(`future.${f}`)}</li>
          ))}
        </ul>
      </section>

      <section id="cta" className={`${styles.section} ${styles.cta}`} aria-labelledby="cta-title">
        <h2 id="cta-title">{t('cta.title')}</h2>
        <p>{t('cta.text')}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.primaryButton} onClick={() => scrollTo('home')}>
            {t('cta.start')}
          </button>
          <button type="button" className={styles.secondaryButton} onClick={() => scrollTo('features')}>
            {t('cta.features')}
          </button>
        </div>
      </section>
    </div>
  );
}
