import { describe, expect, it } from 'vitest';
import { foldLine, icsText, visitCalendar } from './ics';

describe('visit calendar file (RFC 5545)', () => {
  const visit = {
    uid: 'work-order-42@portal.example',
    sequence: 3,
    start: new Date('2027-03-14T07:30:00Z'),
    end: new Date('2027-03-14T08:00:00Z'),
    summary: 'Northwind Builders: visit for Work Order #42',
    location: '7 Birch Lane, Apt 2; back door',
    description: 'Line one\nLine two, with a comma\\',
    url: 'http://localhost:3000/work-orders/42',
    companyName: 'Northwind Builders',
    now: new Date('2026-11-23T08:00:00Z'),
  };

  it('is one VEVENT with a stable UID, its SEQUENCE, UTC times and CRLF line ends', () => {
    const ics = visitCalendar(visit);
    expect(ics.split('\r\n').slice(0, 7)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Northwind Builders//Customer portal//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:work-order-42@portal.example',
    ]);
    expect(ics).toContain('\r\nSEQUENCE:3\r\nDTSTAMP:20261123T080000Z\r\nDTSTART:20270314T073000Z\r\nDTEND:20270314T080000Z\r\n');
    expect(ics).toContain('\r\nLOCATION:7 Birch Lane\\, Apt 2\\; back door\r\n');
    expect(ics).toContain('\r\nDESCRIPTION:Line one\\nLine two\\, with a comma\\\\\r\n');
    expect(ics).toContain('\r\nSTATUS:CONFIRMED\r\n');
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n|\r/);
  });

  it('marks a cancelled visit: METHOD:CANCEL from its organizer, STATUS:CANCELLED', () => {
    const ics = visitCalendar({ ...visit, cancelled: true, organizerEmail: 'office@company.example' });
    expect(ics).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(ics).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(ics).toMatch(/\r\nORGANIZER;CN="[^"]+":mailto:office@company\.example\r\n/);
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${icsText('Reparación del techo: ñandú '.repeat(8))}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((p, i) => (i ? p.slice(1) : p))
        .join(''),
    ).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });
});
