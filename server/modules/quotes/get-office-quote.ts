import { sql } from 'kysely';
import type { OfficeQuote } from '../../../contracts/office/quotes';
import { isoTime } from '../../platform/db/columns';
import type { Db } from '../../platform/db/customer-scope';
import { companyToday, dayText } from './company-day';
import { loadDecisions } from './decisions-repository';
import { listedStatus, listedTotal } from './listed';
import { loadVersions } from './versions-repository';
import { photosOf } from '../photos/repository';
import { actingPeople, actingPerson } from '../people/repository';

/**
 * The office's page of one quote: every version with its lines, the decisions, the status timeline.
 * Status and total as every list shows them (listed.ts): Expired for a Sent quote past its valid-until
 * day (the company's day, timeZone) before the job writes it, the signed total for an approved quote.
 */
export async function getOfficeQuote(
  db: Db,
  { quoteId, timeZone }: { quoteId: number; timeZone: string },
): Promise<OfficeQuote | undefined> {
  const quote = await db
    .selectFrom('quotes as q')
    .leftJoin('customers as c', (join) => join.on(sql`lower(c.email)`, '=', sql`lower(q.email)`))
    .select([
      'q.id',
      'q.email',
      'q.description',
      listedStatus('q', companyToday(timeZone)).as('status'),
      listedTotal('q').as('total'),
      'q.created_at',
      'q.current_version',
      dayText('q.valid_until').as('valid_until'),
      'q.viewed_at',
      'q.reminders_sent',
      'q.work_order_id',
      'c.id as customer_id',
      'c.name as customer_name',
      'q.property_id',
    ])
    .where('q.id', '=', quoteId)
    .executeTakeFirst();
  if (!quote) return undefined;
  const [versions, decisions, timeline, requests, order, request] = await Promise.all([
    loadVersions(db, quoteId, { sentOnly: false }),
    loadDecisions(db, quoteId),
    db
      .selectFrom('quote_status_log')
      .select(['status', 'timestamp'])
      .where('quote_id', '=', quoteId)
      .orderBy('timestamp')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('quote_requests')
      .select(['id', 'email', 'message', 'requested_at', 'answer', 'answered_at', 'person_id'])
      .where('quote_id', '=', quoteId)
      .orderBy('requested_at')
      .orderBy('id')
      .execute(),
    db.selectFrom('work_orders').select('id').where('quote_id', '=', quoteId).orderBy('id').executeTakeFirst(),
    quote.work_order_id == null ? null : loadRequestOrder(db, Number(quote.work_order_id)),
  ]);
  // Who of the account decided and asked (contract-spec §4: the office sees that name).
  const people = await actingPeople(db, [...decisions.map((d) => d.personId), ...requests.map((r) => r.person_id)]);
  const property =
    quote.property_id == null
      ? undefined
      : await db.selectFrom('properties').select(['id', 'label', 'address']).where('id', '=', Number(quote.property_id)).executeTakeFirst();
  return {
    id: Number(quote.id),
    description: quote.description ?? '',
    status: quote.status,
    total: quote.total,
    createdAt: isoTime(quote.created_at),
    customer: { id: quote.customer_id == null ? null : Number(quote.customer_id), name: quote.customer_name, email: quote.email },
    currentVersion: quote.current_version,
    draftVersion: versions.find((v) => v.sentAt === null)?.version ?? null,
    validUntil: quote.valid_until,
    viewedAt: quote.viewed_at ? isoTime(quote.viewed_at) : null,
    remindersSent: quote.reminders_sent,
    versions,
    decisions: decisions.map(({ personId, ...decision }) => ({ ...decision, person: actingPerson(people, personId) })),
    timeline: timeline.map((t) => ({ status: t.status, timestamp: isoTime(t.timestamp) })),
    workOrderId: order ? Number(order.id) : null,
    revisionRequests: requests.map((r) => ({
      id: Number(r.id),
      email: r.email,
      message: r.message,
      requestedAt: isoTime(r.requested_at),
      answer: r.answer,
      answeredAt: r.answered_at ? isoTime(r.answered_at) : null,
      person: actingPerson(people, r.person_id),
    })),
    request,
    property: property ? { id: Number(property.id), label: property.label || null, address: property.address } : null,
  };
}

/** The work request a quote answers, with its photos (the office reads every sent photo). */
async function loadRequestOrder(db: Db, id: number): Promise<OfficeQuote['request']> {
  const order = await db
    .selectFrom('work_orders')
    .select(['id', 'description', 'address', 'status', 'submitted_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!order) return null;
  return {
    id,
    description: order.description,
    address: order.address,
    status: order.status,
    submittedAt: isoTime(order.submitted_at),
    photos: await photosOf(db, id),
  };
}
