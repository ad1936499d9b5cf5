import deAccount from './de/account.json';
import deAdmin from './de/admin.json';
import deCelebrate from './de/celebrate.json';
import deDashboard from './de/dashboard.json';
import deExam from './de/exam.json';
import deLearn from './de/learn.json';
import deMarketing from './de/marketing.json';
import deQuestion from './de/question.json';
import deShell from './de/shell.json';
import enAccount from './en/account.json';
import enAdmin from './en/admin.json';
import enCelebrate from './en/celebrate.json';
import enDashboard from './en/dashboard.json';
import enExam from './en/exam.json';
import enLearn from './en/learn.json';
import enMarketing from './en/marketing.json';
import enQuestion from './en/question.json';
import enShell from './en/shell.json';
import hrAccount from './hr/account.json';
import hrAdmin from './hr/admin.json';
import hrCelebrate from './hr/celebrate.json';
import hrDashboard from './hr/dashboard.json';
import hrExam from './hr/exam.json';
import hrLearn from './hr/learn.json';
import hrMarketing from './hr/marketing.json';
import hrQuestion from './hr/question.json';
import hrShell from './hr/shell.json';

/** The one list of languages: the shell's choice, the BFF's `/api/{lang}` and the contract all derive from it. */
export const LANGUAGES = ['de', 'en', 'hr'] as const;
/** The cookie holding the chosen language: the shell sets it, the BFF reads it to prerender a page in it. */
export const LANGUAGE_COOKIE = 'bf_lang';
export const NAMESPACES = [
  'shell',
  'marketing',
  'exam',
  'learn',
  'dashboard',
  'account',
  'question',
  'admin',
  'celebrate',
] as const;
export type LocaleLanguage = (typeof LANGUAGES)[number];
export type Namespace = (typeof NAMESPACES)[number];

/** Per namespace, its bundle in each language: a remote imports only its own (tree-shaken). */
export const shell = { de: deShell, en: enShell, hr: hrShell };
export const marketing = { de: deMarketing, en: enMarketing, hr: hrMarketing };
export const exam = { de: deExam, en: enExam, hr: hrExam };
export const learn = { de: deLearn, en: enLearn, hr: hrLearn };
export const dashboard = { de: deDashboard, en: enDashboard, hr: hrDashboard };
export const account = { de: deAccount, en: enAccount, hr: hrAccount };
export const admin = { de: deAdmin, en: enAdmin, hr: hrAdmin };
/**
 * Shared by every remote that shows a catalog question (mf_learn, mf_exam): the language labels, the source and
 * checked-on lines, and "Report a problem". Each registers it as namespace `question`; the bundles are the same.
 */
export const question = { de: deQuestion, en: enQuestion, hr: hrQuestion };
/**
 * Shared by the remotes that celebrate a learner's win (mf_exam, mf_dashboard): each registers it as namespace
 * `celebrate`; the bundles are the same.
 */
export const celebrate = { de: deCelebrate, en: enCelebrate, hr: hrCelebrate };

export const byNamespace = { shell, marketing, exam, learn, dashboard, account, question, admin, celebrate };

/** i18next `resources` with every namespace (standalone harness, tests). */
export const resources = {
  de: {
    shell: deShell,
    marketing: deMarketing,
    exam: deExam,
    learn: deLearn,
    dashboard: deDashboard,
    account: deAccount,
    question: deQuestion,
    admin: deAdmin,
    celebrate: deCelebrate,
  },
  en: {
    shell: enShell,
    marketing: enMarketing,
    exam: enExam,
    learn: enLearn,
    dashboard: enDashboard,
    account: enAccount,
    question: enQuestion,
    admin: enAdmin,
    celebrate: enCelebrate,
  },
  hr: {
    shell: hrShell,
    marketing: hrMarketing,
    exam: hrExam,
    learn: hrLearn,
    dashboard: hrDashboard,
    account: hrAccount,
    question: hrQuestion,
    admin: hrAdmin,
    celebrate: hrCelebrate,
  },
};
