// @vitest-environment node
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { defineSsr, INLINE_ANSWER_LIMIT, type SsrFetch } from '../src/ssr';

/** A page with a small answer, a large one (a question set) and one read through two calls. */
function Page() {
  const topics = useQuery({ queryKey: ['topics'], queryFn: () => api.get<string[]>('/api/en/topics') });
  const questions = useQuery({
    queryKey: ['questions', 'en'],
    queryFn: () => api.get<string[]>('/api/en/learn'),
  });
  const both = useQuery({
    queryKey: ['both'],
    queryFn: async () => [
      ...(await api.get<string[]>('/api/en/learn?part=1')),
      ...(await api.get<string[]>('/api/en/learn?part=2')),
    ],
  });
  return (
    <p>
      {topics.data?.length ?? 'no topics'} topics, {questions.data?.length ?? 'no questions'} questions,{' '}
      {both.data?.length ?? 'none'} in two parts
    </p>
  );
}

// 2,000 questions of about 20 characters: well past the inline limit.
const QUESTIONS = Array.from({ length: 2000 }, (_, i) => `Question number ${i + 1}`);
const fetchApi: SsrFetch = async (path) => ({
  status: 200,
  body: JSON.stringify(path === '/api/en/topics' ? ['history', 'law'] : QUESTIONS),
});

describe('server render', () => {
  it('renders with every answer, keeps small answers in the page and names a large one by its path', async () => {
    expect(JSON.stringify(QUESTIONS).length).toBeGreaterThan(INLINE_ANSWER_LIMIT);
    const ssr = defineSsr({ Root: Page, pages: ['/learn'] });
    const result = await ssr.render(
      { url: '/learn', basename: '/', lang: 'en', session: { status: 'guest' } },
      fetchApi,
    );
    expect(result.html.replace(/<!-- -->/g, '')).toBe('<p>2 topics, 2000 questions, 4000 in two parts</p>');
    // One GET gave the question set: the page preloads that path. The answer built from two calls has no one
    // path to name, so it stays in the page, as does the small one.
    expect(result.deferred).toEqual([{ queryKey: ['questions', 'en'], path: '/api/en/learn' }]);
    expect(result.queries.queries.map((q) => q.queryKey)).toEqual([['topics'], ['both']]);
  });
});
