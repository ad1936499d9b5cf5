import { type RemoteAppProps, Route, Routes, useNamespace } from '@buergerfit/platform';
import { MARKETING } from './i18n';
import { Knowledge } from './Knowledge';
import { Landing } from './Landing';
import { LegalPage } from './Legal';
import styles from './marketing.module.css';

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
