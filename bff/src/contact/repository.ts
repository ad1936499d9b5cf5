import { randomUUID } from 'node:crypto';
import type { ContactMessage as ContactBody } from '@buergerfit/contract';
import type { Knex } from 'knex';

export async function storeContactMessage(
  db: Knex,
  msg: ContactBody & { lang: string; userId: string | null },
): Promise<{ id: string; receivedAt: Date }> {
  const [row] = await db('contact_messages')
    .insert({
      id: randomUUID(),
      user_id: msg.userId,
      name: msg.name.trim(),
      email: msg.email.trim(),
      subject: msg.subject,
      message: msg.message,
      lang: msg.lang,
    })
    .returning(['id', 'created_at']);
  return { id: row.id, receivedAt: row.created_at };
}

export async function storeEvent(
  db: Knex,
  e: { visitorId: string; userId: string | null; name: string; props: Record<string, unknown> },
): Promise<void> {
  await db('analytics_events').insert({
    visitor_id: e.visitorId,
    user_id: e.userId,
    name: e.name,
    props: JSON.stringify(e.props),
  });
}
