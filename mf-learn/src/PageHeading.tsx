import { useDocumentTitle } from '@buergerfit/platform';
import { createContext, useContext } from 'react';

/** The id of the page's `<h1>`: the learn section is labelled by it. */
export const PAGE_TITLE_ID = 'learn-title';

/** Where this remote is mounted (`/learn`), for links between its pages. */
export const LearnBaseContext = createContext('/learn');
export const useLearnBase = () => useContext(LearnBaseContext);

/** A learn page's own `<h1>`, also the document title (`Flashcards · Bürgerfit`). */
export function PageHeading({ children }: { children: string }) {
  useDocumentTitle(children);
  return <h1 id={PAGE_TITLE_ID}>{children}</h1>;
}
