import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitCalendar } from './ics';
import { smtpTransport } from './transport';
import type { OutboxRow } from './worker';

/** The SMTP transport really sends an outbox row's attachments and extra headers (nodemailer to a local SMTP server). */
let server: SMTPServer;
let port: number;
const received: string[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The body of the MIME part whose headers name `filename`, decoded from its transfer encoding. */
function attachmentPart(raw: string, filename: string) {
  const start = raw.indexOf(`filename=${filename}`);
  expect(start, 'attachment present').toBeGreaterThan(0);
  const headerStart = raw.lastIndexOf('\r\n--', start);
  const headerEnd = raw.indexOf('\r\n\r\n', start);
  const headers = raw.slice(headerStart, headerEnd);
  const body = raw.slice(headerEnd + 4, raw.indexOf('\r\n--', headerEnd));
  const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(headers)?.[1]?.toLowerCase();
  const content =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return { headers, content };
}

describe('SMTP transport', () => {
  it('sends the calendar attachment and the List-Unsubscribe headers of an outbox row', async () => {
    const ics = visitCalendar({
      uid: 'work-order-7@portal.example',
      sequence: 2,
      start: new Date('2027-01-15T14:00:00Z'),
      end: new Date('2027-01-15T16:30:00Z'),
      summary: 'Northwind: visita, orden #7',
      location: '7 Birch Lane, Springfield',
      description: 'Techo con goteras; revisar ático',
      url: 'http://localhost:3000/work-orders/7',
      companyName: 'Northwind',
      now: new Date('2026-11-23T08:00:00Z'),
    });
    const row = {
      id: 1,
      kind: 'work-order-scheduled',
      to_address: 'ana@example.com',
      reply_to: null,
      subject: 'Your Work Order #7 is scheduled',
      text_body: 'Scheduled: Friday, January 15, 2027, 8:00 AM–10:30 AM CST',
      html_body: null,
      attachments: [{ filename: 'work-order-7.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }],
      headers: {
        'List-Unsubscribe': '<http://localhost:3000/api/email-updates/opt-out?token=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    } as unknown as OutboxRow;
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, 'Northwind <no-reply@northwind.example>');
    await transport.send(row);
    transport.close?.();

    const raw = received.at(-1)!;
    // Long headers may be folded (a line break and a space); unfolded, they read as sent.
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/api\/email-updates\/opt-out\?token=abc>\r?$/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const part = attachmentPart(raw, 'work-order-7.ics');
    expect(part.headers).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
    expect(part.content).toBe(ics);
    expect(part.content).toContain('UID:work-order-7@portal.example\r\nSEQUENCE:2\r\n');
    expect(part.content).toContain('DTSTART:20270115T140000Z\r\nDTEND:20270115T163000Z\r\n');
  });
});
