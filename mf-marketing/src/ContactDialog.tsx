import type { ContactMessage, ContactSubject } from '@buergerfit/contract';
import { api, type ContactDialogProps, isApiError, useNamespace, useSession } from '@buergerfit/platform';
import { Button, Dialog, Field, type FieldControlProps, Icon, Select } from '@buergerfit/ui';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './contact.module.css';
import { MARKETING } from './i18n';

const SUBJECTS = ['feedback', 'technical', 'general'] as const satisfies readonly ContactSubject[];
type FormField = 'name' | 'email' | 'subject' | 'message';
type Form = Record<FormField, string>;
/** Spec §5: text, @, text, dot, text, no spaces (the BFF checks the same pattern). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Limits the BFF enforces beyond the spec (a name of 200 characters, an address of 254). */
const NAME_MAX = 200;
const EMAIL_MAX = 254;
/** Spec §5: a message of at most 1000 characters. */
const CONTACT_MESSAGE_MAX = 1000;
/** How long the thank-you shows before the dialog closes itself. */
const CONTACT_SUCCESS_MS = 2000;
type ErrorKey =
  | 'nameRequired'
  | 'nameTooLong'
  | 'emailRequired'
  | 'emailInvalid'
  | 'subjectRequired'
  | 'messageRequired'
  | 'messageTooLong';
type Errors = Partial<Record<FormField, ErrorKey>>;

/** The BFF's 400 messages (spec §5 texts) → our translated error keys. */
const SERVER_MESSAGES: Record<string, ErrorKey> = {
  'Name is required': 'nameRequired',
  'Name is too long': 'nameTooLong',
  'Email is required': 'emailRequired',
  'Please enter a valid email address': 'emailInvalid',
  'Subject is required': 'subjectRequired',
  'Message is required': 'messageRequired',
  [`Message must not exceed ${CONTACT_MESSAGE_MAX} characters`]: 'messageTooLong',
};

export function validateContact(form: Form): Errors {
  const errors: Errors = {};
  if (!form.name.trim()) errors.name = 'nameRequired';
  else if (form.name.trim().length > NAME_MAX) errors.name = 'nameTooLong';
  const email = form.email.trim();
  if (!email) errors.email = 'emailRequired';
  else if (!EMAIL.test(email) || email.length > EMAIL_MAX) errors.email = 'emailInvalid';
  if (!(SUBJECTS as readonly string[]).includes(form.subject)) errors.subject = 'subjectRequired';
  if (!form.message.trim()) errors.message = 'messageRequired';
  else if (form.message.length > CONTACT_MESSAGE_MAX) errors.message = 'messageTooLong';
  return errors;
}

/** Field errors from the BFF's 400 (`details: [{path, message}]`), or null when it is another failure. */
function serverErrors(error: unknown): Errors | null {
  if (!isApiError(error) || error.status !== 400 || !Array.isArray(error.details)) return null;
  const found: Errors = {};
  for (const detail of error.details as Array<{ path?: unknown; message?: unknown }>) {
    const field = String(detail.path ?? '') as FormField;
    const key = SERVER_MESSAGES[String(detail.message ?? '')];
    if (key && ['name', 'email', 'subject', 'message'].includes(field)) found[field] = key;
  }
  return Object.keys(found).length ? found : null;
}

/** Focus moves to the first field 100 ms after the dialog opens (spec §4), once it has been announced. */
const CONTACT_FOCUS_DELAY_MS = 100;
const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/**
 * Exposed as `mf_marketing/ContactDialog`; the shell's header and footer open it anywhere. On the ui `Dialog` (a
 * native `<dialog>`): the browser traps focus, makes the page behind inert, locks its scroll, closes on Escape
 * and gives focus back to the opener.
 */
export default function ContactDialog({ open, onClose }: ContactDialogProps) {
  useNamespace(MARKETING);
  const { t } = useTranslation('marketing');
  const { user } = useSession();
  const formId = useId();
  const counterId = useId();
  const initial = (): Form => ({
    name: user?.name ?? '',
    email: user?.email ?? '',
    subject: '',
    message: '',
  });
  const [form, setForm] = useState<Form>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [phase, setPhase] = useState<'editing' | 'submitting' | 'success'>('editing');
  /** The send failed: the general message, or too many messages (429). */
  const [failure, setFailure] = useState<'failed' | 'rateLimited' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLParagraphElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const initialRef = useRef(initial);
  initialRef.current = initial;
  const submitting = phase === 'submitting';

  /** The form's control for a field (by its name). */
  const control = (field: FormField) => formRef.current?.elements.namedItem(field) as HTMLElement | null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: prefill from the user each time the dialog opens
  useEffect(() => {
    if (open && phase === 'editing') setForm((f) => (f.name || f.email ? f : initial()));
  }, [open, user]);

  // Opened: the first field gets focus after 100 ms.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `control` reads the live form
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => control('name')?.focus(), CONTACT_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  // While sending, the dialog's own close button is disabled too (the ui Dialog has no prop for it).
  useEffect(() => {
    const dialog = formRef.current?.closest('dialog');
    const closeButton = dialog?.querySelector<HTMLButtonElement>(
      `button[aria-label="${t('contact.close')}"]`,
    );
    if (!closeButton) return;
    closeButton.disabled = submitting;
    return () => {
      closeButton.disabled = false;
    };
  }, [submitting, t]);

  /** Ends the success confirmation: the form resets (prefilled from the user); leaving 'success' cancels the timer. */
  const resetRef = useRef(() => {});
  resetRef.current = () => {
    setForm(initialRef.current());
    setErrors({});
    setFailure(null);
    setPhase('editing');
  };

  // Success: the confirmation stays 2 s, then the form resets (prefilled from the user) and the dialog closes.
  // Closed earlier (Escape, ×, or by the host), it finishes at once: reset now, and the timer is cancelled.
  useEffect(() => {
    if (phase !== 'success') return;
    if (!open) {
      resetRef.current();
      return;
    }
    successRef.current?.focus();
    const timer = setTimeout(() => {
      resetRef.current();
      closeRef.current();
    }, CONTACT_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [phase, open]);

  const set = (field: FormField) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(form);
    setErrors(found);
    const firstInvalid = FIELDS.find((f) => found[f]);
    if (firstInvalid) {
      control(firstInvalid)?.focus();
      return;
    }
    setPhase('submitting');
    setFailure(null);
    try {
      const message: ContactMessage = {
        ...form,
        name: form.name.trim(),
        email: form.email.trim(),
        subject: form.subject as ContactSubject, // one of SUBJECTS: validated above
      };
      await api.post(api.lang('/contact'), message);
      setPhase('success');
    } catch (error) {
      console.error('[marketing] contact message failed', error);
      const fromServer = serverErrors(error);
      if (fromServer) setErrors(fromServer);
      setFailure(isApiError(error) && error.status === 429 ? 'rateLimited' : fromServer ? null : 'failed');
      setPhase('editing');
    }
  };

  /** Escape, the close button, a tap outside or Cancel: not while sending; during the confirmation it ends it. */
  const close = () => {
    if (submitting) return;
    if (phase === 'success') resetRef.current(); // closing during the confirmation finishes it (one onClose)
    onClose();
  };
  const error = (field: FormField) => (errors[field] ? t(`contact.errors.${errors[field]}`) : undefined);
  /** A text field's control props: value, change, and what ties it to its label and error. */
  const text = (field: 'name' | 'email', props: FieldControlProps) => ({
    ...props,
    name: field,
    value: form[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field)(e.target.value),
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('contact.title')}
      closeLabel={t('contact.close')}
      footer={
        phase === 'success' ? undefined : (
          <>
            <Button variant="secondary" onClick={close} disabled={submitting}>
              {t('contact.cancel')}
            </Button>
            <Button type="submit" form={formId} disabled={submitting} icon={submitting ? undefined : 'mail'}>
              {submitting ? t('contact.sending') : t('contact.send')}
            </Button>
          </>
        )
      }
    >
      {phase === 'success' ? (
        <p role="status" className={styles.success} ref={successRef} tabIndex={-1}>
          <Icon name="check" />
          {t('contact.success')}
        </p>
      ) : (
        <form
          id={formId}
          ref={formRef}
          className={styles.form}
          onSubmit={submit}
          noValidate
          aria-busy={submitting}
        >
          <Field label={t('contact.name')} error={error('name')}>
            {(props) => <input {...text('name', props)} autoComplete="name" />}
          </Field>
          <Field label={t('contact.email')} error={error('email')}>
            {(props) => <input {...text('email', props)} type="email" autoComplete="email" />}
          </Field>
          <Field label={t('contact.subject')} error={error('subject')}>
            {(props) => (
              <Select
                {...props}
                name="subject"
                value={form.subject}
                onChange={(e) => set('subject')(e.target.value)}
              >
                <option value="">{t('contact.subjectPlaceholder')}</option>
                {SUBJECTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`contact.subjects.${s}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('contact.message')} error={error('message')}>
            {(props) => (
              <>
                <textarea
                  {...props}
                  aria-describedby={[counterId, props['aria-describedby']].filter(Boolean).join(' ')}
                  name="message"
                  rows={5}
                  value={form.message}
                  onChange={(e) => set('message')(e.target.value)}
                />
                <p
                  id={counterId}
                  className={`${styles.counter} ${form.message.length > CONTACT_MESSAGE_MAX ? styles.over : ''}`}
                >
                  {t('contact.counter', { count: form.message.length, max: CONTACT_MESSAGE_MAX })}
                </p>
              </>
            )}
          </Field>
          {failure && (
            <p role="alert" className={styles.formError}>
              <Icon name="alert" />
              {t(`contact.${failure}`)}
            </p>
          )}
        </form>
      )}
    </Dialog>
  );
}
