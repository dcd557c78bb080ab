import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quoteStatuses } from '../../../domain/quotes/statuses';
import { workOrderStatuses } from '../../../domain/work-orders';
import { StatusBadge as SharedStatusBadge } from '../../shared/components/StatusBadge';
import { legacyQuoteStatusTones, statusTone } from '../../shared/status/status-tones';
import '../i18n';
import { StatusBadge } from './StatusBadge';

/** The customer's screens draw the shared badge with the shared tones (web/customer/components/StatusBadge.test.tsx). */
const quoteBadgeColor = (status: string) => statusTone('quote', status);
const workOrderBadgeColor = (status: string) => statusTone('workOrder', status);

const tone = (status: string, domain: 'quote' | 'workOrder') => {
  const { unmount } = render(<StatusBadge status={status} domain={domain} />);
  const badge = screen.getByText(/./, { selector: '.badge' });
  const result = { color: badge.getAttribute('data-color'), className: badge.className, text: badge.textContent };
  unmount();
  return result;
};

describe('the office StatusBadge', () => {
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

  it("is the very badge the customer's screens draw", () => {
    for (const [status, domain] of [
      ['Pending', 'quote'],
      ['Pending', 'workOrder'],
      ['Revision Requested', 'quote'],
      ['Expired', 'quote'],
      ['Cancelled', 'workOrder'],
    ] as const) {
      const office = render(<StatusBadge status={status} domain={domain} />);
      const customer = render(<SharedStatusBadge status={status} domain={domain} />);
      expect(office.container.innerHTML, `${domain} ${status}`).toBe(customer.container.innerHTML);
      office.unmount();
      customer.unmount();
    }
  });

  it('says the status in words', () => {
    expect(tone('In Progress', 'workOrder').text).toBe('In Progress');
    expect(tone('Free text', 'quote').text).toBe('Free text');
  });
});
