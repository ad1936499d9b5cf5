import { z } from 'zod';

/** Spec §5: the contact rules, with the spec's messages. The dialog checks the same rules before sending. */
export const CONTACT_SUBJECTS = ['feedback', 'technical', 'general'] as const;
export const CONTACT_MESSAGE_MAX = 1000;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (message: string) =>
  z.string({ error: message }).refine((v) => v.trim().length > 0, { message });

export const contactBody = z
  .object({
    name: required('Name is required').pipe(z.string().max(200, 'Name is too long')),
    email: required('Email is required').pipe(
      z
        .string()
        .max(254, 'Please enter a valid email address')
        .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
    ),
    subject: z.enum(CONTACT_SUBJECTS, { error: 'Subject is required' }),
    message: required('Message is required').pipe(
      z.string().max(CONTACT_MESSAGE_MAX, `Message must not exceed ${CONTACT_MESSAGE_MAX} characters`),
    ),
  })
  .strict();

export type ContactBody = z.infer<typeof contactBody>;
