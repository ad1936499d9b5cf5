import { z } from 'zod';
import { call } from './call';
import { Instant, LangParams, QuestionRef } from './common';

/**
 * "Report a problem" with a question (issue 17): a learner — signed in or not — tells us that something this
 * project wrote, or the question itself, is wrong. Stored with the question, the interface language and the
 * content version the learner saw; read by the team with `npm run content -- reports`.
 */

/** What is wrong: the translation, the explanation, the answer marked right, the picture, or something else. */
export const ReportKind = z.enum(['translation', 'explanation', 'answer', 'picture', 'other'], {
  error: 'must be one of translation, explanation, answer, picture, other',
});
export type ReportKind = z.infer<typeof ReportKind>;

/** The most a report's text may hold (the dialog counts down to it). */
export const REPORT_TEXT_MAX = 1000;

/** `POST /api/:lang/questions/:id/reports`: `q12` or `12`. */
export const ReportParams = LangParams.extend({ id: QuestionRef });
export type ReportParams = z.infer<typeof ReportParams>;

/** What the learner says is wrong, in their words. */
export const NewReport = z
  .object({
    kind: ReportKind,
    text: z
      .string({ error: 'Describe the problem' })
      .refine((v) => v.trim().length > 0, 'Describe the problem')
      .pipe(z.string().max(REPORT_TEXT_MAX, `The text must not exceed ${REPORT_TEXT_MAX} characters`)),
  })
  .strict();
export type NewReport = z.infer<typeof NewReport>;

/** The stored report (201 only once it is stored). */
export const ReportReceipt = z.object({ id: z.uuid(), receivedAt: Instant }).strict();
export type ReportReceipt = z.infer<typeof ReportReceipt>;

export const reportCalls = {
  /**
   * For everyone (a signed-in learner's report is tied to them); 404 `question_not_found` for a question not in the
   * catalog; 5 reports per learner or browser and 30 per network in 10 minutes (429 `rate_limited`).
   */
  create: call('POST /api/:lang/questions/:id/reports', 'optional', ReportReceipt, {
    params: ReportParams,
    body: NewReport,
    status: 201,
  }),
};
