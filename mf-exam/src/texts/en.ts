// One language's texts of this remote, one chunk: loaded only when the learner uses that language (see ../i18n.tsx).
import celebrate from '@buergerfit/locales/en/celebrate.json';
import exam from '@buergerfit/locales/en/exam.json';
import question from '@buergerfit/locales/en/question.json';

export { celebrate, exam, question };
