import { sql } from 'kysely';
import type { CustomerDetail, CustomerPage, OfficeCustomer } from '../../../contracts/office/customers';
import { moneyFromNumeric } from '../../../domain/money';
import type { WorkOrderStatus } from '../../../domain/work-orders';
import { NotFoundError, WrongStateError } from '../../../domain/errors';
import { isoTime } from '../../platform/db/columns';
import type { Db } from '../../platform/db/customer-scope';
import { encodeCursor } from '../../platform/db/keyset';
import { containsPattern } from '../../platform/db/like';
import { officeRoles } from '../../auth/office/roles';
import { toOfficeCustomer, type OfficeCustomerRow } from './mappers';
import { companyToday } from '../quotes/company-day';
import { listedStatus, listedTotal } from '../quotes/listed';

/**
 * The office's customers (run inside withOfficeScope), found and sorted through the stored, folded
 * columns of migration 080 and their indexes (plans in docs/features/office.md):
 * - sort_name: the name (the e-mail when there is none), accent- and case-folded, so 'Álvarez' sits
 *   next to 'Alvarez', not after 'Zimmer' as byte order would put it;
 * - search_text: name, e-mail, phone as typed, account #, address, and the phone's digits alone.
 */
const SORT_KEY = sql<string>`c.sort_name`;

/** What the office's search boxes find a customer by (see above); the quotes and work-orders lists find records by their customer through it. */
const customerSearchText = (alias: string) => sql.ref<string>(`${alias}.search_text`);

/**
 * A LIKE pattern matching text that holds q anywhere, folded in the database as the indexed text is
 * (so 'Núñez', 'nunez' and 'NUNEZ' are one pattern); q's own %, _ and \ are matched as themselves.
 */
export const foldedContaining = (q: string) => sql<string>`search_fold(${containsPattern(q)})`;

/**
 * A term that looks like (part of) a phone number, e.g. `5550102222`, `555 010` or `(555) 010-2222`:
 * its digits, to be found in the phone's digits however either was written. Undefined otherwise,
 * or when the digits are the term itself (already searched) or too short for the trigram index.
 */
function phoneDigits(q: string): string | undefined {
  if (!/^[\d\s().+\-/]+$/.test(q)) return undefined;
  const digits = q.replace(/\D/g, '');
  return digits.length >= 3 && digits !== q.trim() ? digits : undefined;
}

/** Customers (aliased `alias`) whose searched text holds the term (or its phone digits): one or two LIKEs on one trigram index. */
function customerMatches(alias: string, q: string) {
  const text = customerSearchText(alias);
  const digits = phoneDigits(q);
  const term = sql<boolean>`${text} LIKE ${foldedContaining(q)}`;
  return digits ? sql<boolean>`(${term} OR ${text} LIKE ${foldedContaining(digits)})` : term;
}

/** The e-mails (lowercased) of the customers matching q: a quote or order is found by its customer through them. */
export const matchingCustomerEmails = (db: Db, q: string) =>
  db
    .selectFrom('customers as c')
    .select(sql<string>`lower(c.email)`.as('email'))
    .where(customerMatches('c', q));

const CUSTOMER_COLUMNS = ['c.id', 'c.name', 'c.email', 'c.phone', 'c.address', 'c.account_number', 'c.created_at'] as const;

/** What the office shows of a customer, with what "user" says of the address (none, unconfirmed, active). */
function customersWithAccount(db: Db) {
  return db
    .selectFrom('customers as c')
    .leftJoin('user as u', (join) => join.on(sql<boolean>`u.email = lower(c.email)`))
    .select([...CUSTOMER_COLUMNS, sql<boolean>`u.id IS NOT NULL`.as('registered'), 'u.emailVerified as verified']);
}

export interface CustomerSearch {
  q?: string | undefined;
  after?: readonly [string, number] | undefined;
  limit: number;
}

/**
 * The search's one query (exported for the query-plan test): one row more than a page, to know if
 * another follows. The page is chosen from customers alone, then joined to "user" (at most 26 rows).
 * - Without q, the page is read in order from customers_sort_idx, from the cursor on.
 * - With q, the matches come from the trigram index and only they are sorted. They are a MATERIALIZED
 *   common table expression because the planner, misjudging how rare a term is ('4242'), would
 *   otherwise walk the whole name index filtering every row (680 ms at 100,000 customers, against
 *   a few ms). A term matching nearly everyone costs a sort of those matches instead (tens of ms).
 */
export function searchQuery(db: Db, { q, after, limit }: CustomerSearch) {
  const afterCursor = after ? sql<boolean>`(${SORT_KEY}, c.id) > (${after[0]}::text, ${after[1]}::bigint)` : sql<boolean>`true`;
  const pageRows = db.selectFrom('customers as c').select([...CUSTOMER_COLUMNS, SORT_KEY.as('sort_key')]);
  const page = q
    ? db
        .with(
          (cte) => cte('matches').materialized(),
          () => pageRows.where(customerMatches('c', q)).where(afterCursor),
        )
        .selectFrom('matches as c')
        .selectAll('c')
        .orderBy('c.sort_key')
        .orderBy('c.id')
        .limit(limit + 1)
        .as('c')
    : pageRows
        .where(afterCursor)
        .orderBy(SORT_KEY)
        .orderBy('c.id')
        .limit(limit + 1)
        .as('c');
  return db
    .selectFrom(page)
    .leftJoin('user as u', (join) => join.on(sql<boolean>`u.email = lower(c.email)`))
    .select([...CUSTOMER_COLUMNS, 'c.sort_key', sql<boolean>`u.id IS NOT NULL`.as('registered'), 'u.emailVerified as verified'])
    .orderBy('c.sort_key')
    .orderBy('c.id');
}

/** A page of customers sorted by name (the e-mail when there is none) from searchQuery's rows (one more than a page when another follows). */
export function searchPage(rows: Awaited<ReturnType<ReturnType<typeof searchQuery>['execute']>>, limit: number): CustomerPage {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    customers: page.map((row) => toOfficeCustomer(row as OfficeCustomerRow)),
    nextCursor: rows.length > limit && last ? encodeCursor([last.sort_key, Number(last.id)]) : null,
  };
}

export async function findCustomer(db: Db, id: number): Promise<OfficeCustomer> {
  const row = await customersWithAccount(db).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('Customer not found.');
  return toOfficeCustomer(row as OfficeCustomerRow);
}

/** The customer page's lists, each by the owner's e-mail as lower(email), which migration 001 indexes (exported for the plan test). */
export function detailQueries(db: Db, email: string, timeZone: string) {
  const owner = sql<boolean>`lower(email) = lower(${email})`;
  return {
    // Status and total as every quote list shows them (quotes/listed.ts).
    quotes: db
      .selectFrom('quotes')
      .select([
        'id',
        'description',
        listedStatus('quotes', companyToday(timeZone)).as('status'),
        listedTotal('quotes').as('total'),
        'created_at',
      ])
      .where(owner)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
    workOrders: db
      .selectFrom('work_orders')
      .select(['id', 'description', 'address', 'status', 'submitted_at'])
      .where(owner)
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc'),
    revisionRequests: db
      .selectFrom('quote_requests')
      .select(['id', 'quote_id', 'message', 'requested_at'])
      .where(owner)
      .orderBy('requested_at', 'desc')
      .orderBy('id', 'desc'),
  };
}

/** The customer page in one answer: the profile and their quotes, work orders and revision requests, newest first. */
export async function customerDetail(db: Db, id: number, timeZone: string): Promise<CustomerDetail> {
  const customer = await findCustomer(db, id);
  const lists = detailQueries(db, customer.email, timeZone);
  const quotes = await lists.quotes.execute();
  const workOrders = await lists.workOrders.execute();
  const requests = await lists.revisionRequests.execute();
  return {
    customer,
    quotes: quotes.map((q) => ({
      id: Number(q.id),
      description: q.description ?? '',
      status: q.status,
      total: moneyFromNumeric(q.total),
      createdAt: isoTime(q.created_at),
    })),
    workOrders: workOrders.map((w) => ({
      id: Number(w.id),
      description: w.description,
      address: w.address,
      status: w.status as WorkOrderStatus,
      submittedAt: isoTime(w.submitted_at),
    })),
    revisionRequests: requests.map((r) => ({
      id: Number(r.id),
      quoteId: Number(r.quote_id),
      message: r.message,
      requestedAt: isoTime(r.requested_at),
    })),
  };
}

export interface CustomerFields {
  name: string | null;
  phone: string | null;
  address: string | null;
  account_number: string | null;
}

/** A customer who has no account yet. 409 when the address is a customer's or an office account's already. */
export async function insertCustomer(db: Db, email: string, fields: Omit<CustomerFields, 'account_number'>): Promise<OfficeCustomer> {
  const office = await db
    .selectFrom('user')
    .select('email')
    .where('email', '=', email.toLowerCase())
    .where('role', 'in', [...officeRoles])
    .executeTakeFirst();
  if (office) throw new WrongStateError('office_account', 'This e-mail belongs to an office account.');
  const inserted = await db
    .insertInto('customers')
    .values({ email, ...fields })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new WrongStateError('customer_exists', 'A customer with this e-mail already exists.');
  return findCustomer(db, Number(inserted.id));
}

/** The profile fields as they are now, locked until the transaction ends (for the audit's "before"). */
export async function lockCustomerFields(db: Db, id: number): Promise<CustomerFields> {
  const row = await db
    .selectFrom('customers')
    .select(['name', 'phone', 'address', 'account_number'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new NotFoundError('Customer not found.');
  return row;
}

export async function updateCustomerFields(db: Db, id: number, fields: Partial<CustomerFields>): Promise<void> {
  await db.updateTable('customers').set(fields).where('id', '=', id).execute();
}
