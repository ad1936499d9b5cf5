import type { Question } from '@buergerfit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookmarkList } from '../data';
import { PageHeading } from '../PageHeading';
import { Practice, usePractice } from '../Practice';
import { QueryStates } from '../Status';
import styles from '../styles';

/** Bookmarks: the saved questions, to practise from. The list is fixed while practising (unbookmarking stays put). */
export function BookmarksPage() {
  const { t } = useTranslation('learn');
  const query = useBookmarkList();
  const practice = usePractice();
  const [snapshot, setSnapshot] = useState<Question[] | null>(null);
  const questions = snapshot ?? query.data ?? [];
  if (!snapshot && query.data && query.data.length > 0) setSnapshot(query.data);
  return (
    <>
      <PageHeading>{t('headings.bookmarks')}</PageHeading>
      <p className={styles.lead}>{t('bookmarksIntro')}</p>
      <QueryStates
        query={query}
        isEmpty={(d) => d.length === 0 && !snapshot}
        empty={{ title: t('bookmarksEmptyTitle'), text: t('bookmarksEmpty'), icon: 'bookmark' }}
      >
        {() => <Practice questions={questions} mode="bookmarks" {...practice} />}
      </QueryStates>
    </>
  );
}
