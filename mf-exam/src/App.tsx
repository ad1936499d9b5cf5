import type { ExamKind } from '@buergerfit/contract';
import { Navigate, type RemoteAppProps, Route, Routes } from '@buergerfit/platform';
import { ExamPage, ResultPage } from './ExamPages';
import { HistoryPage } from './HistoryPage';
import { ExamTexts } from './i18n';

function ExamArea({ kind, base, history }: { kind: ExamKind; base: string; history: string }) {
  return (
    <Routes>
      <Route index element={<ExamPage kind={kind} base={base} history={history} />} />
      <Route path="result/:id" element={<ResultPage kind={kind} base={base} history={history} />} />
      <Route path="*" element={<Navigate to={base} replace />} />
    </Routes>
  );
}

/**
 * mf_exam: mounted at `/`, owns `/demo` (everyone: the demo exam), `/exam` (signed in: the timed mock
 * test; the shell guards it, and the page itself sends guests to the login too) and `/exam/history` (signed
 * in: every demo and mock test taken, with links to their results).
 */
export default function ExamApp({ basename }: RemoteAppProps) {
  const root = basename.replace(/\/+$/, '');
  const history = `${root}/exam/history`;
  return (
    <ExamTexts>
      <Routes>
        <Route path="exam/history" element={<HistoryPage root={root} />} />
        <Route path="demo/*" element={<ExamArea kind="demo" base={`${root}/demo`} history={history} />} />
        <Route path="exam/*" element={<ExamArea kind="mock" base={`${root}/exam`} history={history} />} />
        <Route path="*" element={null} />
      </Routes>
    </ExamTexts>
  );
}
