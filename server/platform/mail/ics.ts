/**
 * A calendar file (RFC 5545) for a scheduled visit, which a phone's calendar app opens from the
 * e-mail. One VEVENT whose UID is stable per work order, so a reschedule (SEQUENCE + 1) updates
 * the event already in the customer's calendar instead of adding a second one; METHOD:PUBLISH
 * (an announcement, not a meeting invitation to answer), or METHOD:CANCEL for a visit that will not
 * happen (RFC 5546: it names the organizer, whose event it removes). Times are in UTC, so no VTIMEZONE is needed.
 */
export interface CalendarVisit {
  /** Stable per order, e.g. work-order-42@portal.example */
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  url: string;
  /** A visit that will not happen (order cancelled, or completed before it): METHOD:CANCEL and STATUS:CANCELLED remove it in calendar apps. */
  cancelled?: boolean;
  companyName: string;
  /** The company's address, the event's ORGANIZER in a cancellation. */
  organizerEmail?: string;
  /** DTSTAMP: when this version of the event was made. */
  now?: Date;
}

/** 20260115T140000Z */
const icsTime = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
export const icsText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character (3.1). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = out.length === 0 ? 75 : 74; // a continuation line starts with the space
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function visitCalendar(visit: CalendarVisit): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(visit.companyName)}//Customer portal//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${visit.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${visit.uid}`,
    `SEQUENCE:${visit.sequence}`,
    `DTSTAMP:${icsTime(visit.now ?? new Date())}`,
    `DTSTART:${icsTime(visit.start)}`,
    `DTEND:${icsTime(visit.end)}`,
    ...(visit.cancelled && visit.organizerEmail
      ? [`ORGANIZER;CN="${visit.companyName.replace(/"/g, "'")}":mailto:${visit.organizerEmail}`]
      : []),
    `SUMMARY:${icsText(visit.summary)}`,
    `LOCATION:${icsText(visit.location)}`,
    `DESCRIPTION:${icsText(visit.description)}`,
    `URL:${visit.url}`,
    `STATUS:${visit.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
