/**
 * @buergerfit/ui/question: a question's pieces (the language tag beside a text, the explanation with its source, the
 * day an answer was checked, the picture that enlarges, "Report a problem" and its dialog). Not a federation
 * singleton: each remote that shows questions bundles it (the shell, which shows none, does not carry it), built on
 * the shared `@buergerfit/ui` components. A remote built with a newer version of these pieces therefore runs under an older shell.
 */
export {
  AnswerCheckedOn,
  answersArePictureLabels,
  ExplanationText,
  InLanguage,
  type QuestionText,
  type QuestionTexts,
  ReportProblem,
  type ReportProblemProps,
} from './QuestionContent';
export {
  type PictureSize,
  type PictureText,
  QuestionPicture,
  type QuestionPictureProps,
} from './QuestionPicture';
export { ReportDialog, type ReportDialogProps, type ReportText } from './ReportDialog';
