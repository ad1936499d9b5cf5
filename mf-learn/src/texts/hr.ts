// One language's texts of this remote, one chunk: loaded only when the learner uses that language (see ../i18n.ts).
import learn from '@buergerfit/locales/hr/learn.json';
import question from '@buergerfit/locales/hr/question.json';

export { learn, question };
