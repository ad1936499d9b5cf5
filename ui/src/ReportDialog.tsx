// The shared components are the shell's (the `@buergerfit/ui` singleton); this file is bundled into each remote that
// shows questions (the `@buergerfit/ui/question` entry).
import { Button, Dialog, Field, fieldClasses, Icon, RetryAlert, withBase } from '@buergerfit/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import q from './question.module.css';

/** The texts of the dialog, by key (the remote's `report.*` translations). */
export type ReportText =
  | 'title'
  | 'close'
  | 'intro'
  | 'kind'
  | 'text'
  | 'textHint'
  | 'counter'
  | 'send'
  | 'sending'
  | 'cancel'
  | 'errors.kindRequired'
  | 'errors.textRequired'
  | 'errors.textTooLong'
  | 'failed'
  | 'rateLimited'
  | 'retry'
  | 'success'
  | 'done'
  | `kinds.${string}`;

export interface ReportDialogProps<K extends string> {
  open: boolean;
  onClose: () => void;
  /** What can be wrong, in the order offered (one radio each). */
  kinds: readonly K[];
  /** The most characters the text may hold (counted as the server counts them). */
  max: number;
  /** A text in the learner's language; `counter` gets `count` and `max`, `errors.textTooLong` gets `max`. */
  text: (key: ReportText, values?: Record<string, number>) => string;
  /** Sends the report. A rejection with `status: 429` is "too many reports"; any other failure can be retried. */
  send: (report: { kind: K; text: string }) => Promise<unknown>;
}

type Errors = { kind?: 'kindRequired'; text?: 'textRequired' | 'textTooLong' };

/**
 * "Report a problem" with a question: what is wrong (a radio group) and what the learner noticed (at most `max`
 * characters, with a counter), checked before sending; then a thank-you, or the failure with "Try again". A draft
 * survives closing and reopening; a sent report starts a fresh one.
 */
export function ReportDialog<K extends string>({
  open,
  onClose,
  kinds,
  max,
  text,
  send,
}: ReportDialogProps<K>) {
  const formId = useId();
  const counterId = useId();
  const kindErrorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [kind, setKind] = useState<K | null>(null);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [phase, setPhase] = useState<'editing' | 'sending' | 'sent'>('editing');
  const [failure, setFailure] = useState<'failed' | 'rateLimited' | null>(null);
  const sending = phase === 'sending';

  // Opened: a sent report makes way for a new one; focus goes to the first choice (after the browser's own
  // focusing of the dialog, which runs in the Dialog's effect, before this one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the dialog opens
  useEffect(() => {
    if (!open) return;
    if (phase === 'sent') {
      setKind(null);
      setBody('');
      setErrors({});
      setFailure(null);
      setPhase('editing');
    }
    formRef.current?.querySelector<HTMLInputElement>('input[type=radio]')?.focus();
  }, [open]);

  const check = (): Errors => {
    const found: Errors = {};
    if (kind === null) found.kind = 'kindRequired';
    if (!body.trim()) found.text = 'textRequired';
    else if (body.length > max) found.text = 'textTooLong';
    return found;
  };

  const deliver = async () => {
    if (kind === null) return;
    setPhase('sending');
    setFailure(null);
    try {
      await send({ kind, text: body.trim() });
      setPhase('sent');
    } catch (error) {
      const status = (error as { status?: unknown } | null)?.status;
      setFailure(status === 429 ? 'rateLimited' : 'failed');
      setPhase('editing');
    }
  };

  /** Checks the form (focusing the first problem) and sends it when it is complete. */
  const attempt = () => {
    if (sending) return;
    const found = check();
    setErrors(found);
    if (found.kind || found.text) {
      const first = found.kind ? 'input[type=radio]' : 'textarea';
      formRef.current?.querySelector<HTMLElement>(first)?.focus();
      return;
    }
    void deliver();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    attempt();
  };

  const over = body.length > max;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={text('title')}
      closeLabel={text('close')}
      footer={
        phase === 'sent' ? (
          <Button onClick={onClose}>{text('done')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {text('cancel')}
            </Button>
            <Button type="submit" form={formId} disabled={sending} icon={sending ? undefined : 'flag'}>
              {sending ? text('sending') : text('send')}
            </Button>
          </>
        )
      }
    >
      {phase === 'sent' ? (
        <p role="status" className={q.reportSuccess}>
          <Icon name="check" />
          {text('success')}
        </p>
      ) : (
        <form
          id={formId}
          ref={formRef}
          className={q.reportForm}
          onSubmit={submit}
          noValidate
          aria-busy={sending}
        >
          <p className={`${fieldClasses.hint} ${q.intro}`}>{text('intro')}</p>
          <fieldset className={q.choices} aria-describedby={errors.kind ? kindErrorId : undefined}>
            <legend className={fieldClasses.label}>{text('kind')}</legend>
            {kinds.map((k) => (
              <label key={k} className={q.choice}>
                <input
                  type="radio"
                  name="kind"
                  value={k}
                  checked={kind === k}
                  aria-invalid={errors.kind ? true : undefined}
                  onChange={() => {
                    setKind(k);
                    setErrors((e) => ({ ...e, kind: undefined }));
                  }}
                />
                <span>{text(`kinds.${k}`)}</span>
              </label>
            ))}
            {errors.kind && (
              <p id={kindErrorId} role="alert" className={fieldClasses.error}>
                <Icon name="alert" size={16} />
                {text(`errors.${errors.kind}`)}
              </p>
            )}
          </fieldset>
          <Field
            label={text('text')}
            hint={text('textHint')}
            error={errors.text ? text(`errors.${errors.text}`, { max }) : undefined}
          >
            {(props) => (
              <>
                <textarea
                  {...props}
                  aria-describedby={[props['aria-describedby'], counterId].filter(Boolean).join(' ')}
                  className={q.textarea}
                  name="text"
                  rows={4}
                  value={body}
                  onChange={(e) => {
                    setBody(e.target.value);
                    setErrors((er) => ({ ...er, text: undefined }));
                  }}
                />
                <p id={counterId} className={over ? `${q.counter} ${q.counterOver}` : q.counter}>
                  {text('counter', { count: body.length, max })}
                </p>
              </>
            )}
          </Field>
          {failure && (
            <RetryAlert
              classes={withBase({})}
              message={text(failure)}
              retry={text('retry')}
              onRetry={attempt}
              disabled={sending}
            />
          )}
        </form>
      )}
    </Dialog>
  );
}
