// One language's texts of this remote, one chunk: loaded only when the learner uses that language (see ../i18n.tsx).
import celebrate from '@buergerfit/locales/hr/celebrate.json';
import exam from '@buergerfit/locales/hr/exam.json';
import question from '@buergerfit/locales/hr/question.json';

export { celebrate, exam, question };
