import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHAIN_START, eventText, verifyChain, type ChainEvent } from './chain';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A chain built as the database builds it. */
function chain(events: Array<Pick<ChainEvent, 'event' | 'at'> & Partial<ChainEvent>>): ChainEvent[] {
  let prevHash = CHAIN_START;
  return events.map((e, i) => {
    const row = {
      id: i + 1,
      documentKind: 'quote',
      documentId: 7,
      personId: null,
      ip: null,
      userAgent: null,
      detailsText: '{}',
      ...e,
      prevHash,
    };
    const hash = sha256Hex(eventText(row));
    prevHash = hash;
    return { ...row, hash };
  });
}

const events = () =>
  chain([
    { event: 'sent', at: '2026-11-20T15:00:00.000Z', detailsText: '{"version": 1}' },
    { event: 'first_opened', at: '2026-11-21T10:00:00.000Z' },
    { event: 'consented', at: '2026-11-21T10:05:00.000Z', personId: 'u1', ip: '203.0.113.5', userAgent: 'Firefox' },
    { event: 'signed', at: '2026-11-21T10:05:00.120Z', personId: 'u1', ip: '203.0.113.5', userAgent: 'Firefox' },
    { event: 'copy_emailed', at: '2026-11-21T10:05:00.130Z', detailsText: '{"to": "ana@example.com"}' },
  ]);

describe('the signature event chain', () => {
  it('an untouched chain is intact, and an empty one too', () => {
    expect(verifyChain(events(), sha256Hex)).toEqual({ intact: true, events: 5 });
    expect(verifyChain([], sha256Hex)).toEqual({ intact: true, events: 0 });
  });

  it('an edited field breaks the chain at that event', () => {
    const edited = events();
    edited[2] = { ...edited[2]!, ip: '198.51.100.9' };
    expect(verifyChain(edited, sha256Hex)).toEqual({ intact: false, brokenAt: 3, why: 'hash' });
  });

  it('an edited row whose hash was recomputed breaks the link of the next one', () => {
    const edited = events();
    const changed = { ...edited[1]!, at: '2026-11-22T10:00:00.000Z' };
    edited[1] = { ...changed, hash: sha256Hex(eventText(changed)) };
    expect(verifyChain(edited, sha256Hex)).toEqual({ intact: false, brokenAt: 3, why: 'prev_hash' });
  });

  it('a removed event breaks the chain', () => {
    const removed = events().filter((e) => e.id !== 2);
    expect(verifyChain(removed, sha256Hex)).toMatchObject({ intact: false, brokenAt: 3, why: 'prev_hash' });
  });

  it('an event moved to another document is detected', () => {
    const moved = events();
    moved[4] = { ...moved[4]!, documentId: 8 };
    expect(verifyChain(moved, sha256Hex)).toMatchObject({ intact: false, brokenAt: 5 });
  });
});
