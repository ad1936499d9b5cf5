// One language's texts of this remote, one chunk: loaded only when the learner uses that language (see ../i18n.tsx).
import celebrate from '@buergerfit/locales/de/celebrate.json';
import exam from '@buergerfit/locales/de/exam.json';
import question from '@buergerfit/locales/de/question.json';

export { celebrate, exam, question };
