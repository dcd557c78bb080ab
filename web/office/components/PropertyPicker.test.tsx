import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Property } from '../../../contracts/customer/properties';
import i18n from '../i18n';
import { at, renderRoutes } from '../test-utils';
import { PropertyPicker } from './PropertyPicker';

const home: Property = { id: 1, label: null, address: '12 Oak St', isProfile: true, inUse: true };

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

/** The customer's properties answered only when the test lets them go. */
function holdProperties() {
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await answered;
      return new Response(JSON.stringify({ properties: [home] }), { status: 200 });
    }),
  );
  return release;
}

const renderPicker = (locked: string | null) =>
  renderRoutes(
    [
      at(
        '/office/quotes/5',
        <section aria-label="Property card">
          <PropertyPicker customerId={7} currentId={1} locked={locked} save={vi.fn()} onSaved={vi.fn()} />
        </section>,
      ),
    ],
    '/office/quotes/5',
  );

/** What the card holds, in order: what decides its height. */
const shape = (card: HTMLElement) => [...card.querySelectorAll('label, select, button, p')].map((el) => el.tagName);

describe("a record's 'Property' card while the customer's properties load (decision 276)", () => {
  it('keeps the label, the list and Save in their places, disabled, so nothing below it moves when the list comes', async () => {
    const release = holdProperties();
    renderPicker(null);
    const card = screen.getByRole('region', { name: 'Property card' });
    const loading = within(card).getByRole('combobox', { name: 'Property' });
    expect(loading).toBeDisabled();
    expect(loading).toHaveTextContent('Loading');
    expect(within(card).getByRole('button', { name: 'Save property' })).toBeDisabled();
    const before = shape(card);
    release();
    expect(await within(card).findByRole('option', { name: '12 Oak St' })).toBeInTheDocument();
    expect(within(card).getByRole('combobox', { name: 'Property' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Save property' })).toBeEnabled();
    expect(shape(card)).toEqual(before);
  });

  it('a locked card keeps its two lines while it loads', async () => {
    const release = holdProperties();
    renderPicker('The order has started.');
    const card = screen.getByRole('region', { name: 'Property card' });
    expect(within(card).getByText('The order has started.')).toBeInTheDocument();
    const before = shape(card);
    release();
    expect(await within(card).findByText('12 Oak St')).toBeInTheDocument();
    expect(shape(card)).toEqual(before);
  });
});
