import fs from 'node:fs';
import libqp from 'libqp';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { mailTo, putConfirmedCustomer, runSql, waitForMail } from './control';
import type { SunkMail } from './mail-sink';
import { uniqueEmail, type Customer } from './fixtures';
import { E2E_BASE_URL } from './ports';
import { englishLeftOnPage } from './spanish-sweep';

/**
 * Support for the loop between office and customer (e2e/loop): the customer in a browser context of
 * their own (a phone, in their language), the words the customer's screens must show, and the screenshots
 * of each step (test-results/loop/: the office at 1280 px, the customer at 390 px).
 */
export type Language = 'en' | 'es';

export interface LoopCustomer {
  context: BrowserContext;
  page: Page;
  customer: Customer & { locale: Language };
  customerId: number;
}

let address = 0;

/**
 * A confirmed customer who signed up in `locale` (what the Register page sends: the language of their
 * e-mails), signed in in a new 390 px context that shows the portal in that language.
 */
export async function loopCustomer(browser: Browser, locale: Language, name: string): Promise<LoopCustomer> {
  address++;
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    // Its own client address, so the rate limits of sign-up and sign-in do not couple it to other tests.
    extraHTTPHeaders: { 'x-forwarded-for': `198.19.${(process.pid + address) % 250}.${(address * 7) % 250}` },
  });
  await context.addInitScript((language) => window.localStorage.setItem('portal.language', language), locale);
  const page = await context.newPage();
  const customer = {
    email: uniqueEmail('loop'),
    password: 'correct-horse-battery',
    name: `${name} ${Date.now().toString(36)}`,
    phone: '555-0177',
    address: '18 Birch Lane, Springfield',
    locale,
  };
  const headers = { origin: E2E_BASE_URL };
  // As sign-up in that language and the e-mailed link leave the account (the sign-up is tested in auth.spec.ts).
  await putConfirmedCustomer(customer);
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    headers,
    data: { email: customer.email, password: customer.password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  // The customers row (what the office finds) is made at the first signed-in request.
  expect((await page.request.get('/api/profile')).ok()).toBe(true);
  const [row] = await runSql<{ id: number }>(`SELECT id FROM customers WHERE lower(email) = lower($1)`, [customer.email]);
  expect(row, `no customers row for ${customer.email}`).toBeDefined();
  return { context, page, customer, customerId: Number(row!.id) };
}

/** The customer's namespaces the loop's screens use. */
const CUSTOMER_NAMESPACES = ['quotes', 'quotesDetail', 'workOrders', 'workOrder', 'dashboard'];

/**
 * English left on a customer's Spanish screen. 'Cancel' is left out: the substring sweep finds it inside
 * 'Cancelar' (and 'Cancel Order' inside nothing Spanish, so that one still counts).
 */
export async function englishLeft(page: Page): Promise<string[]> {
  return (await englishLeftOnPage(page, CUSTOMER_NAMESPACES)).filter((phrase) => phrase !== 'Cancel');
}

/** On a Spanish customer screen: no English words left. A no-op for English. */
export async function expectAllSpanish(page: Page, language: Language): Promise<void> {
  if (language === 'es') expect(await englishLeft(page), `English on ${page.url()}`).toEqual([]);
}

/**
 * A full-page screenshot of one loop step: test-results/loop/{language}/{nn}-{app}-{step}-{width}.png. Each
 * is taken at the width the app is looked at here (office 1280, customer 390); nothing may run off the side.
 */
export function loopShots(language: Language) {
  let step = 0;
  fs.mkdirSync(`test-results/loop/${language}`, { recursive: true });
  return async (page: Page, app: 'office' | 'customer', name: string) => {
    step++;
    const width = page.viewportSize()!.width;
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `${name} is wider than ${width} px`,
    ).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `test-results/loop/${language}/${String(step).padStart(2, '0')}-${app}-${name}-${width}.png`,
      fullPage: true,
    });
  };
}

/** A day some weeks ahead (YYYY-MM-DD): in the future in the company's zone whatever the time of day. */
export const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** 'Scheduled: {date}, {from}–{until}' / 'Programada: …' as the portal writes it (the company's wall clock). */
export function scheduledText(date: string, from: string, until: string, language: Language): string {
  const tag = language === 'en' ? 'en-US' : 'es-US';
  const time = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    return new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2000, 0, 1, h, m)),
    );
  };
  const day = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
  return `${language === 'en' ? 'Scheduled' : 'Programada'}: ${day}, ${time(from)}–${time(until)}`;
}

/** waitForMail, whose failure lists the subjects that did arrive for that address (what went wrong, at a glance). */
export async function mailFor(email: string, subject: RegExp): Promise<SunkMail> {
  try {
    return await waitForMail(email, subject);
  } catch (error) {
    const subjects = (await mailTo(email)).map((m) => m.subject);
    throw new Error(`${(error as Error).message}; arrived: ${JSON.stringify(subjects)}`, { cause: error });
  }
}

/** The instant of a wall-clock time (YYYY-MM-DD, HH:MM) in `timeZone`, as an iCalendar UTC time: 20261214T140000Z. */
export function icsUtc(date: string, hhmm: string, timeZone = 'America/Chicago'): string {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = hhmm.split(':').map(Number);
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  // The zone's offset at that moment: what its wall clock reads at asUtc, minus asUtc (a visit is never on the DST hour).
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(asUtc))
      .map((p) => [p.type, Number(p.value)]),
  );
  const offset = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!) - asUtc;
  return new Date(asUtc - offset)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The calendar file attached to an e-mail (the sink keeps a multipart message's body as it came), decoded. */
export function calendarOf(mail: SunkMail): string {
  const start = mail.text.search(/^Content-Type: text\/calendar/im);
  expect(start, `no text/calendar part in "${mail.subject}"`).toBeGreaterThanOrEqual(0);
  const part = mail.text.slice(start);
  const headEnd = part.indexOf('\n\n');
  const head = part.slice(0, headEnd);
  const body = part.slice(headEnd + 2).split(/\n--/)[0]!;
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return libqp.decode(body).toString('utf8');
  return body;
}
