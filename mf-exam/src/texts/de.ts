// One language's texts of this remote, one chunk: loaded only when the learner uses that language (see ../i18n.tsx).
import exam from '@buergerfit/locales/de/exam.json';
import question from '@buergerfit/locales/de/question.json';

export { exam, question };
