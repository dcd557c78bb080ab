import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quoteStatuses } from '../../../domain/quotes/statuses';
import { workOrderStatuses } from '../../../domain/work-orders';
import { StatusBadge } from '../../shared/components/StatusBadge';
import { legacyQuoteStatusTones, statusTone } from '../../shared/status/status-tones';
import '../i18n';

/** Both apps draw the shared badge (web/shared/components/StatusBadge.tsx) with the shared tones; here with the office's texts. */
const quoteBadgeColor = (status: string) => statusTone('quote', status);
const workOrderBadgeColor = (status: string) => statusTone('workOrder', status);

const tone = (status: string, domain: 'quote' | 'workOrder') => {
  const { unmount } = render(<StatusBadge status={status} domain={domain} />);
  const badge = screen.getByText(/./, { selector: '.badge' });
  const result = { color: badge.getAttribute('data-color'), className: badge.className, text: badge.textContent };
  unmount();
  return result;
};

describe('the StatusBadge in the office', () => {
  it("gives every quote status the customer's tone (Revision Requested blue, Expired outlined, Draft slate, Pending yellow)", () => {
    for (const status of [...quoteStatuses, ...Object.keys(legacyQuoteStatusTones), 'Awaiting site visit']) {
      const office = tone(status, 'quote');
      expect(office.color, status).toBe(quoteBadgeColor(status));
      expect(office.className, status).toBe(`badge ${quoteBadgeColor(status)}`);
    }
    expect(tone('Revision Requested', 'quote').color).toBe('blue');
    expect(tone('Expired', 'quote').color).toBe('outline');
    expect(tone('Draft', 'quote').color).toBe('slate');
    expect(tone('Pending', 'quote').color).toBe('yellow');
  });

  it("gives every work order status the customer's tone (Pending grey, In Progress yellow, Complete green, Cancelled red)", () => {
    for (const status of [...workOrderStatuses, 'Someone typed this']) {
      expect(tone(status, 'workOrder').color, status).toBe(workOrderBadgeColor(status));
    }
    expect(tone('Pending', 'workOrder').color).toBe('grey');
  });

  it('says the status in words', () => {
    expect(tone('In Progress', 'workOrder').text).toBe('In Progress');
    expect(tone('Free text', 'quote').text).toBe('Free text');
  });
});
