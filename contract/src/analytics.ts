import { z } from 'zod';
import { call } from './call';
import { RemoteName } from './remotes';

/**
 * What the product measures: A/B beacons of the remotes (per visitor, 300 per 15 minutes) and product events.
 * All answer 204 when stored; none requires a session (an event is tied to the learner when there is one).
 * A beacon counts only for a visitor the BFF itself admitted and assigned a variant of that remote (its cookie from
 * `GET /api/remotes` or a page): without one (no cookie, or a cookie it never issued) it answers 403
 * `unknown_visitor` and stores nothing, and such beacons are limited per network (429 past 300 per 15 minutes).
 */

/** The BFF's check of a remote name, with its message (a refine, not an enum: the issue code is `custom`). */
const remote = z.string().refine((v): v is RemoteName => RemoteName.safeParse(v).success, 'unknown remote');

/**
 * The visitor saw a remote: counted once per visitor and variant, for the variant the visitor is assigned; 409
 * `other_variant` when `variant` names another one.
 */
export const ExposureBeacon = z.object({ remote, variant: z.string().max(64).optional() });
export type ExposureBeacon = z.infer<typeof ExposureBeacon>;

/**
 * The visitor did what a remote is measured by (`sign_in`, `mock_started`, …): the first per remote counts, for
 * the variant the visitor is assigned, and only after its exposure to it (409 `not_exposed` before).
 */
export const ConversionBeacon = z.object({
  remote,
  event: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9_.-]+$/, 'lower-case letters, digits, _ . -'),
});
export type ConversionBeacon = z.infer<typeof ConversionBeacon>;

export const PricingPlan = z.enum(['free', 'lifetime', 'subscription']);
export type PricingPlan = z.infer<typeof PricingPlan>;

export const BillingPeriod = z.enum(['monthly', 'yearly', 'one_time']);
export type BillingPeriod = z.infer<typeof BillingPeriod>;

/** Product events the product records; anything else is refused. */
export const AnalyticsEvent = z.discriminatedUnion('event', [
  /** A pricing button (spec §9 prices). */
  z
    .object({ event: z.literal('plan_selected'), plan: PricingPlan, billing: BillingPeriod.optional() })
    .strict(),
]);
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>;

export const analyticsCalls = {
  exposure: call('POST /api/remotes/exposures', 'none', null, { body: ExposureBeacon }),
  conversion: call('POST /api/remotes/conversions', 'none', null, { body: ConversionBeacon }),
  /**
   * The same conversion, sent by the browser itself when a link the learner follows names it in its `ping`
   * attribute (hyperlink auditing: a tap on the landing's Start before the page is hydrated is a plain navigation).
   * The body (`PING`, `text/ping`) is ignored.
   */
  conversionPing: call('POST /api/remotes/conversions/ping', 'none', null, { query: ConversionBeacon }),
  /** Stored with the visitor id, and the user id when signed in; 120 per network and minute. */
  event: call('POST /api/:lang/analytics/events', 'optional', null, { body: AnalyticsEvent }),
};
