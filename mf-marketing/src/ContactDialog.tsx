import type { ContactMessage, ContactSubject } from '@buergerfit/contract';
import { api, type ContactDialogProps, isApiError, useNamespace, useSession } from '@buergerfit/platform';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKETING } from './i18n';
import { Modal } from './Modal';
import styles from './marketing.module.css';

const SUBJECTS = ['feedback', 'technical', 'general'] as const satisfies readonly ContactSubject[];
type Field = 'name' | 'email' | 'subject' | 'message';
type Form = Record<Field, string>;
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
type Errors = Partial<Record<Field, ErrorKey>>;

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
    const field = String(detail.path ?? '') as Field;
    const key = SERVER_MESSAGES[String(detail.message ?? '')];
    if (key && ['name', 'email', 'subject', 'message'].includes(field)) found[field] = key;
  }
  return Object.keys(found).length ? found : null;
}

/** Exposed as `mf_marketing/ContactDialog`; the shell's header and footer open it anywhere. */
export default function ContactDialog({ open, onClose }: ContactDialogProps) {
  useNamespace(MARKETING);
  const { t } = useTranslation('marketing');
  const { user } = useSession();
  const id = useId();
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
  const successRef = useRef<HTMLParagraphElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const initialRef = useRef(initial);
  initialRef.current = initial;

  // biome-ignore lint/correctness/useExhaustiveDependencies: prefill from the user each time the dialog opens
  useEffect(() => {
    if (open && phase === 'editing') setForm((f) => (f.name || f.email ? f : initial()));
  }, [open, user]);

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

  if (!open) return null;
  const submitting = phase === 'submitting';
  const set = (field: Field) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(form);
    setErrors(found);
    const firstInvalid = (['name', 'email', 'subject', 'message'] as const).find((f) => found[f]);
    if (firstInvalid) {
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
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

  const close = () => {
    if (submitting) return;
    if (phase === 'success') resetRef.current(); // closing during the confirmation finishes it (one onClose)
    onClose();
  };
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className={styles.fieldError}>
        {t(`contact.errors.${errors[field]}`)}
      </p>
    ) : null;
  const described = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <Modal labelledBy={`${id}-title`} onClose={close} closable={!submitting}>
      <div className={styles.dialogHeader}>
        <h2 id={`${id}-title`}>{t('contact.title')}</h2>
        <button
          type="button"
          className={styles.closeButton}
          onClick={close}
          disabled={submitting}
          aria-label={t('contact.close')}
        >
          ×
        </button>
      </div>
      {phase === 'success' ? (
        <p role="status" className={styles.success} ref={successRef} tabIndex={-1}>
          {t('contact.success')}
        </p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate aria-busy={submitting}>
          <label htmlFor={`${id}-name`}>{t('contact.name')}</label>
          <input
            id={`${id}-name`}
            value={form.name}
            onChange={(e) => set('name')(e.target.value)}
            aria-invalid={!!errors.name}
            aria-describedby={described('name')}
            autoComplete="name"
            data-autofocus
          />
          {fieldError('name')}
          <label htmlFor={`${id}-email`}>{t('contact.email')}</label>
          <input
            id={`${id}-email`}
            type="email"
            value={form.email}
            onChange={(e) => set('email')(e.target.value)}
            aria-invalid={!!errors.email}
            aria-describedby={described('email')}
            autoComplete="email"
          />
          {fieldError('email')}
          <label htmlFor={`${id}-subject`}>{t('contact.subject')}</label>
          <select
            id={`${id}-subject`}
            value={form.subject}
            onChange={(e) => set('subject')(e.target.value)}
            aria-invalid={!!errors.subject}
            aria-describedby={described('subject')}
          >
            <option value="">{t('contact.subjectPlaceholder')}</option>
            {SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {t(`contact.subjects.${s}`)}
              </option>
            ))}
          </select>
          {fieldError('subject')}
          <label htmlFor={`${id}-message`}>{t('contact.message')}</label>
          <textarea
            id={`${id}-message`}
            rows={5}
            value={form.message}
            onChange={(e) => set('message')(e.target.value)}
            aria-invalid={!!errors.message}
            aria-describedby={`${id}-counter${errors.message ? ` ${id}-message-error` : ''}`}
          />
          <p
            id={`${id}-counter`}
            className={`${styles.counter} ${form.message.length > CONTACT_MESSAGE_MAX ? styles.over : ''}`}
          >
            {t('contact.counter', { count: form.message.length, max: CONTACT_MESSAGE_MAX })}
          </p>
          {fieldError('message')}
          {failure && (
            <p role="alert" className={styles.formError}>
              {t(`contact.${failure}`)}
            </p>
          )}
          <div className={styles.actions}>
            <button type="submit" className={styles.primaryButton} disabled={submitting}>
              {submitting ? t('contact.sending') : t('contact.send')}
            </button>
            <button type="button" className={styles.secondaryButton} onClick={close} disabled={submitting}>
              {t('contact.cancel')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
