import type { Executor } from '../db/schema';

export interface OutboxEntry {
  id: number;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

/** Newest first, optionally for one recipient. */
export async function listOutbox(db: Executor, to?: string, limit = 50): Promise<OutboxEntry[]> {
  let query = db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit);
  if (to) query = query.where('to_address', '=', to.trim().toLowerCase());
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    from: row.from_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    createdAt: row.created_at.toISOString(),
  }));
}
