import { type RemoteAppProps, Route, Routes, useNamespace } from '@buergerfit/platform';
import { lazy } from 'react';
import { MARKETING } from './i18n';
import { Landing } from './Landing';
import styles from './marketing.module.css';

// The text pages load on their own: `/` (the first page of most visits, with a tight JavaScript budget) does not
// carry them. A navigation to one keeps the current page on screen until it is there (the router's transition).
const Knowledge = lazy(() => import('./Knowledge').then((m) => ({ default: m.Knowledge })));
const LegalPage = lazy(() => import('./Legal').then((m) => ({ default: m.LegalPage })));

/** mf_marketing: mounted at `/`, owns the landing page, the knowledge page and the legal pages. */
export default function MarketingApp(_props: RemoteAppProps) {
  useNamespace(MARKETING);
  return (
    <div className={styles.root}>
      <Routes>
        <Route index element={<Landing />} />
        <Route path="knowledge/einburgerungstest" element={<Knowledge />} />
        <Route path="privacy-policy" element={<LegalPage kind="privacy" />} />
        <Route path="terms-of-service" element={<LegalPage kind="terms" />} />
        <Route path="about" element={<LegalPage kind="about" />} />
        <Route path="*" element={null} />
      </Routes>
    </div>
  );
}
