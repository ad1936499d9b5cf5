import { z } from 'zod';
import { call } from './call';
import { Instant } from './common';

/** Spec §3 Contact message: the subjects a message can have. */
export const ContactSubject = z.enum(['feedback', 'technical', 'general']);
export type ContactSubject = z.infer<typeof ContactSubject>;

/** Spec §9: a message holds at most 1000 characters. */
export const CONTACT_MESSAGE_MAX = 1000;
/** Spec §5: text, @, text, dot, text with no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (message: string) =>
  z.string({ error: message }).refine((v) => v.trim().length > 0, { message });

/** Spec §5: the contact rules, with the spec's messages. The dialog checks the same rules before sending. */
export const ContactMessage = z
  .object({
    name: required('Name is required').pipe(z.string().max(200, 'Name is too long')),
    email: required('Email is required').pipe(
      z
        .string()
        .max(254, 'Please enter a valid email address')
        .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
    ),
    subject: z.enum(ContactSubject.options, { error: 'Subject is required' }),
    message: required('Message is required').pipe(
      z.string().max(CONTACT_MESSAGE_MAX, `Message must not exceed ${CONTACT_MESSAGE_MAX} characters`),
    ),
  })
  .strict();
export type ContactMessage = z.infer<typeof ContactMessage>;

/** The stored message (201 only once it is stored). */
export const ContactReceipt = z.object({ id: z.uuid(), receivedAt: Instant }).strict();
export type ContactReceipt = z.infer<typeof ContactReceipt>;

export const contactCalls = {
  /** A signed-in sender's message is tied to their account; 5 messages per network and 15 minutes. */
  send: call('POST /api/:lang/contact', 'optional', ContactReceipt, { body: ContactMessage, status: 201 }),
};
