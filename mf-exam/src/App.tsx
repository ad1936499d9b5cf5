import { exam } from '@buergerfit/locales';
import { Navigate, type RemoteAppProps, Route, Routes, registerNamespace } from '@buergerfit/platform';
import type { ExamKind } from './api';
import { ExamPage, ResultPage } from './ExamPages';

registerNamespace('exam', exam);

function ExamArea({ kind, base }: { kind: ExamKind; base: string }) {
  return (
    <Routes>
      <Route index element={<ExamPage kind={kind} base={base} />} />
      <Route path="result/:id" element={<ResultPage kind={kind} base={base} />} />
      <Route path="*" element={<Navigate to={base} replace />} />
    </Routes>
  );
}

/**
 * mf_exam: mounted at `/`, owns `/demo` (everyone: the demo exam) and `/exam` (signed in: the timed mock
 * test; the shell guards it, and the page itself sends guests to the login too).
 */
export default function ExamApp({ basename }: RemoteAppProps) {
  const root = basename.replace(/\/+$/, '');
  return (
    <Routes>
      <Route path="demo/*" element={<ExamArea kind="demo" base={`${root}/demo`} />} />
      <Route path="exam/*" element={<ExamArea kind="mock" base={`${root}/exam`} />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
