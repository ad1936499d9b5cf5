import type { Knex } from 'knex';
import { topicExists } from '../catalog/repository';

/** The recommendation ids the dashboard gives that name nothing in the catalog (service.ts `toRecommendations`). */
export const FIXED_RECOMMENDATION_IDS = [
  'state:choose',
  'state:practice',
  'test:weekly',
  'general:start',
  'general:review',
  'general:exam-date',
  'general:daily',
] as const;

/** A weak topic's advice: `topic:` and the id of a topic or subtopic of the catalog. */
export const topicRecommendationId = (topicId: string) => `topic:${topicId}`;

/** True when the dashboard can give `id`: a fixed one, or a weak topic's that names a topic of the catalog. */
export async function isRecommendationId(db: Knex, id: string): Promise<boolean> {
  if ((FIXED_RECOMMENDATION_IDS as readonly string[]).includes(id)) return true;
  const topic = /^topic:(.+)$/.exec(id)?.[1];
  return topic !== undefined && (await topicExists(db, topic));
}
