import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quoteStatuses } from '../../../domain/quotes/statuses';
import { workOrderStatuses } from '../../../domain/work-orders';
import { legacyQuoteStatusTones } from '../../shared/status/status-tones';
import i18n from '../i18n';
import { StatusBadge } from '../../shared/components/StatusBadge';
import { statusTone } from '../../shared/status/status-tones';

describe('StatusBadge', () => {
  it('has a word for every status in both languages', async () => {
    const all = [...quoteStatuses, ...workOrderStatuses, ...Object.keys(legacyQuoteStatusTones)];
    for (const language of ['en', 'es']) {
      await i18n.changeLanguage(language);
      for (const status of all) expect(i18n.exists(`common:status.${status}`), `${language} ${status}`).toBe(true);
    }
    await i18n.changeLanguage('en');
  });

  it('shows the status in words on its tone, the same for a domain wherever it is used (a quote’s Pending is yellow, a work order’s grey: the portal spec)', async () => {
    await i18n.changeLanguage('es');
    render(
      <>
        <StatusBadge status="Expired" domain="quote" />
        <StatusBadge status="In Progress" domain="workOrder" />
        <StatusBadge status="Pending" domain="workOrder" />
        <StatusBadge status="Pending" domain="quote" />
      </>,
    );
    expect(screen.getByText('Vencida')).toHaveAttribute('data-color', 'outline');
    expect(screen.getByText('En progreso')).toHaveAttribute('data-color', statusTone('workOrder', 'In Progress'));
    expect(screen.getAllByText('Pendiente').map((badge) => badge.getAttribute('data-color'))).toEqual(['grey', 'yellow']);
    await i18n.changeLanguage('en');
  });
});
