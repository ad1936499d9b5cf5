import type { AbOverview, AbRemote, AbVariant, AuditLog } from '@buergerfit/contract';
import { admin } from '@buergerfit/locales';
import {
  api,
  isApiError,
  Link,
  Navigate,
  type RemoteAppProps,
  Route,
  Routes,
  registerNamespace,
  useDocumentTitle,
  useLanguage,
} from '@buergerfit/platform';
import { Badge, Button, Card, Field, RetryAlert, Select, Skeleton, showToast } from '@buergerfit/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './styles';

registerNamespace('admin', admin);

type T = ReturnType<typeof useTranslation>['t'];

const LIFTS = [0.05, 0.1, 0.2, 0.5] as const;
const overviewKey = (lift: number) => ['admin', 'ab', lift] as const;
const auditKey = ['admin', 'audit'] as const;

const pct = (language: string, x: number, digits = 1) =>
  new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(x);
const points = (language: string, x: number) =>
  `${x > 0 ? '+' : x < 0 ? '−' : '±'}${new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.abs(x) * 100)}`;
const count = (language: string, n: number) => new Intl.NumberFormat(language).format(n);
const when = (language: string, iso: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The A/B console: `/admin` (the shell mounts this remote there, for signed-in users; the BFF checks the role). */
export default function App({ basename }: RemoteAppProps) {
  const base = basename.replace(/\/+$/, '') || '/admin';
  return (
    <Routes>
      <Route path={`${base}/*`}>
        <Route index element={<Console />} />
        <Route path="*" element={<Navigate to={base} replace />} />
      </Route>
    </Routes>
  );
}

function Console() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  useDocumentTitle(t('documentTitle'));
  const [lift, setLift] = useState<number>(0.1);
  const overview = useQuery({
    queryKey: overviewKey(lift),
    queryFn: () => api.get<AbOverview>(`/api/admin/ab?lift=${lift}`),
    retry: (n, error) => !(isApiError(error) && (error.status === 403 || error.status === 401)) && n < 2,
  });
  if (isApiError(overview.error) && overview.error.status === 403) return <NotAllowed t={t} />;
  return (
    <section className={styles.page} aria-labelledby="admin-title">
      <h1 id="admin-title" className={styles.title}>
        {t('title')}
      </h1>
      <p className={styles.lead}>{t('lead')}</p>
      <Field label={t('lift.label')} hint={t('lift.hint')} className={styles.liftField}>
        {(control) => (
          <Select {...control} value={String(lift)} onChange={(e) => setLift(Number(e.target.value))}>
            {LIFTS.map((l) => (
              <option key={l} value={String(l)}>
                {t('lift.option', { lift: pct(language, l, 0) })}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {overview.isPending ? (
        <Skeleton height="10rem" />
      ) : overview.isError ? (
        <RetryAlert classes={styles} message={t('error')} retry={t('retry')} query={overview} />
      ) : (
        overview.data.remotes
          .filter((r) => r.variants.length > 0)
          .map((r) => <RemoteCard key={r.remote} remote={r} lift={lift} t={t} />)
      )}
      <p className={styles.method}>{t('method')}</p>
      <Audit t={t} />
    </section>
  );
}

function NotAllowed({ t }: { t: T }) {
  return (
    <section className={styles.page} aria-labelledby="admin-title">
      <h1 id="admin-title" className={styles.title}>
        {t('forbidden.title')}
      </h1>
      <p>{t('forbidden.text')}</p>
      <Link to="/dashboard">{t('forbidden.back')}</Link>
    </section>
  );
}

function RemoteCard({ remote, lift, t }: { remote: AbRemote; lift: number; t: T }) {
  const { language } = useLanguage();
  const base = remote.variants.find((v) => v.variant === 'default');
  return (
    <Card className={styles.remote} as="section">
      <h2 id={`remote-${remote.remote}`} className={styles.remoteName}>
        {t(`remotes.${remote.remote}`)} <code>{remote.remote}</code>
      </h2>
      <p className={styles.sample}>
        {remote.sampleSize === null || !base
          ? t('sample.none')
          : t('sample.needed', {
              visitors: count(language, remote.sampleSize),
              lift: pct(language, lift, 0),
              rate: pct(language, base.rate),
              left: count(
                language,
                Math.max(0, remote.sampleSize - Math.min(...remote.variants.map((v) => v.visitors))),
              ),
            })}
      </p>
      <ul className={styles.variants}>
        {remote.variants.map((v) => (
          <VariantRow key={v.variant} remote={remote.remote} variant={v} t={t} />
        ))}
      </ul>
      <h3 className={styles.subhead}>{t('deploys.title')}</h3>
      {remote.deploys.length === 0 ? (
        <p className={styles.muted}>{t('deploys.none')}</p>
      ) : (
        <ol className={styles.history}>
          {remote.deploys.map((d) => (
            <li key={d.id}>
              <span className={styles.muted}>{when(language, d.at)}</span>{' '}
              {t(`deploys.${d.action}`, { variant: d.variant, version: d.version, actor: d.actor })}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** Failures of the variant's server renderer, and whether its pages are still rendered on the server. */
function ServerRender({ health, t }: { health: NonNullable<AbVariant['serverRender']>; t: T }) {
  const { language } = useLanguage();
  const at = health.offSince ?? health.lastFailureAt;
  return (
    <p className={styles.serverRender} data-off={health.offSince ? 'true' : 'false'}>
      {health.offSince
        ? t('serverRender.off', { date: at ? when(language, at) : '' })
        : t('serverRender.failures', {
            failures: count(language, health.failures),
            date: at ? when(language, at) : '',
          })}{' '}
      {health.lastReason && (
        <>
          {t('serverRender.reason')} <code>{health.lastReason}</code>
        </>
      )}
    </p>
  );
}

function VariantRow({ remote, variant: v, t }: { remote: string; variant: AbVariant; t: T }) {
  const { language } = useLanguage();
  const client = useQueryClient();
  const [weight, setWeight] = useState(String(v.weight));
  const done = async () => {
    await client.invalidateQueries({ queryKey: ['admin'] });
  };
  const failed = (error: unknown) =>
    showToast(isApiError(error) ? error.message : t('error'), { tone: 'danger' });
  const update = useMutation({
    mutationFn: (patch: { weight?: number; enabled?: boolean }) =>
      api.patch<AbRemote>(`/api/admin/ab/${remote}/${v.variant}`, patch),
    onSuccess: done,
    onError: failed,
  });
  const rollback = useMutation({
    mutationFn: () => api.post<AbRemote>(`/api/admin/ab/${remote}/${v.variant}/rollback`),
    onSuccess: done,
    onError: failed,
  });
  const weightId = `weight-${remote}-${v.variant}`;
  const parsed = Number(weight);
  const weightValid = /^\d{1,4}$/.test(weight) && parsed <= 1000;
  const c = v.comparison;
  return (
    <li className={styles.variant} aria-label={t('variant.label', { variant: v.variant })}>
      <div className={styles.variantHead}>
        <strong>{v.variant}</strong>
        <Badge tone={v.enabled ? 'success' : 'neutral'}>
          {v.enabled ? t('variant.on') : t('variant.off')}
        </Badge>
        <code className={styles.version}>{v.version}</code>
      </div>
      <dl className={styles.figures}>
        <div>
          <dt>{t('figures.visitors')}</dt>
          <dd>{count(language, v.visitors)}</dd>
        </div>
        <div>
          <dt>{t('figures.conversions')}</dt>
          <dd>{count(language, v.conversions)}</dd>
        </div>
        <div>
          <dt>{t('figures.rate')}</dt>
          <dd>
            {v.interval
              ? t('figures.rateWithInterval', {
                  rate: pct(language, v.rate),
                  low: pct(language, v.interval.low),
                  high: pct(language, v.interval.high),
                })
              : '—'}
          </dd>
        </div>
      </dl>
      {c && (
        <p className={styles.comparison} data-verdict={c.verdict}>
          {t('comparison.text', {
            difference: points(language, c.difference),
            low: points(language, c.interval.low),
            high: points(language, c.interval.high),
            p: new Intl.NumberFormat(language, { maximumSignificantDigits: 2 }).format(c.pValue),
          })}{' '}
          <Badge tone={c.verdict === 'better' ? 'success' : c.verdict === 'worse' ? 'danger' : 'neutral'}>
            {t(`comparison.${c.verdict}`)}
          </Badge>
        </p>
      )}
      {v.serverRender && <ServerRender health={v.serverRender} t={t} />}
      <form
        className={styles.controls}
        onSubmit={(e) => {
          e.preventDefault();
          if (weightValid) update.mutate({ weight: parsed });
        }}
      >
        <label htmlFor={weightId}>{t('variant.weight')}</label>
        <input
          id={weightId}
          className={styles.weight}
          inputMode="numeric"
          value={weight}
          aria-invalid={!weightValid || undefined}
          onChange={(e) => setWeight(e.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={!weightValid || update.isPending || parsed === v.weight}
        >
          {t('variant.save')}
        </Button>
        <Button
          type="button"
          variant={v.enabled ? 'danger' : 'secondary'}
          disabled={update.isPending}
          onClick={() => update.mutate({ enabled: !v.enabled })}
        >
          {v.enabled ? t('variant.disable') : t('variant.enable')}
        </Button>
        {/* Only where there is a build to go back to (not beside "No deploys recorded yet"). */}
        {v.rollbackTo !== null && (
          <Button
            type="button"
            variant="ghost"
            disabled={rollback.isPending}
            onClick={() => rollback.mutate()}
          >
            {t('variant.rollback', { version: v.rollbackTo })}
          </Button>
        )}
      </form>
    </li>
  );
}

function Audit({ t }: { t: T }) {
  const { language } = useLanguage();
  const log = useQuery({ queryKey: auditKey, queryFn: () => api.get<AuditLog>('/api/admin/audit') });
  return (
    <section className={styles.audit} aria-labelledby="audit-title">
      <h2 id="audit-title" className={styles.subhead}>
        {t('audit.title')}
      </h2>
      {log.isPending ? (
        <Skeleton height="10rem" />
      ) : log.isError ? (
        <RetryAlert classes={styles} message={t('error')} retry={t('retry')} query={log} />
      ) : log.data.entries.length === 0 ? (
        <p className={styles.muted}>{t('audit.none')}</p>
      ) : (
        <ol className={styles.history}>
          {log.data.entries.map((e) => (
            <li key={e.id}>
              <span className={styles.muted}>{when(language, e.at)}</span>{' '}
              {t(`audit.${e.action}`, {
                actor: e.actor,
                remote: e.remote ?? '',
                variant: e.variant ?? '',
                before: e.before ?? '',
                after: e.after ?? '',
              })}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
