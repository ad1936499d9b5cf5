// One language's texts of this remote, one chunk: loaded only when the learner uses that language (see ../i18n.ts).
import learn from '@buergerfit/locales/de/learn.json';
import question from '@buergerfit/locales/de/question.json';

export { learn, question };
