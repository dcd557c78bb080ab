import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../../contracts/public';
import { BrandMark, DEFAULT_LOGO } from '../app/BrandMark';
import '../i18n';
import { queryKeys } from '../lib/query-keys';
import { ContactCard, telHref } from './ContactCard';

const company: PublicConfig['company'] = {
  name: 'Acme',
  email: 'office@acme-builders.example',
  phones: ['(555) 010-2000', '(555) 010-2000'],
  address: '1 Way',
  logoUrl: null,
};

describe('ContactCard', () => {
  it('calls the digits of a number, keeping a leading +', () => {
    expect(telHref('(555) 010-2000')).toBe('tel:5550102000');
    expect(telHref(' +52 55 1234 5678')).toBe('tel:+525512345678');
  });

  it('lists each number once and the e-mail, which wraps only after its @', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.config, { company, googleConfigured: false, requireEmailVerification: true });
    render(
      <QueryClientProvider client={client}>
        <ContactCard />
      </QueryClientProvider>,
    );
    const card = screen.getByRole('region', { name: 'Contact us' });
    expect(
      within(card)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['tel:5550102000', 'mailto:office@acme-builders.example']);
    expect([...card.querySelectorAll('.contact-address .email-part')].map((s) => s.textContent)).toEqual([
      'office@',
      'acme-builders.example',
    ]);
  });

  it("labels each number as COMPANY_PHONES says ('Office: …, Mobile: …'); a bare number is 'Phone'", () => {
    const client = new QueryClient();
    const labelled = { ...company, phones: ['Office: (555) 010-2000', 'Mobile: +1 555 010 2001'] as [string, string] };
    client.setQueryData(queryKeys.config, { company: labelled, googleConfigured: false, requireEmailVerification: true });
    render(
      <QueryClientProvider client={client}>
        <ContactCard />
      </QueryClientProvider>,
    );
    const card = screen.getByRole('region', { name: 'Contact us' });
    const links = within(card).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Office (555) 010-2000', 'tel:5550102000'],
      ['Mobile +1 555 010 2001', 'tel:+15550102001'],
      ['E-mail office@acme-builders.example', 'mailto:office@acme-builders.example'],
    ]);
  });
});

describe('BrandMark', () => {
  it("shows COMPANY_LOGO when set, else the drawn mark, beside the company's name", () => {
    const { container, rerender } = render(<BrandMark company={{ ...company, logoUrl: '/uploads/logo.png' }} />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/uploads/logo.png');
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
    rerender(<BrandMark company={company} />);
    expect(container.querySelector('img')).toHaveAttribute('src', DEFAULT_LOGO);
    expect(screen.getByText('Acme')).toBeInTheDocument();
  });

  it('shows the drawn mark, not a blank space, when the configured logo does not load', () => {
    const { container } = render(<BrandMark company={{ ...company, logoUrl: '/uploads/missing.png' }} />);
    const logo = container.querySelector('img')!;
    expect(logo).toHaveAttribute('src', '/uploads/missing.png');
    fireEvent.error(logo);
    expect(container.querySelector('img')).toHaveAttribute('src', DEFAULT_LOGO);
    expect(screen.getByText('Acme')).toBeInTheDocument();
  });
});
