import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../../contracts/customer/profile';
import { queryKeys } from '../../lib/query-keys';
import { pdfCustomer } from './customer';

const profile: Profile = {
  name: 'Maria Lopez',
  email: 'maria@example.com',
  phone: '555-0142',
  address: '42 Elm Street, Springfield',
  account_number: null,
  created_at: '2026-01-01T00:00:00.000Z',
};
const session = { id: 'u1', email: 'maria@example.com', name: 'Maria L.', emailVerified: true };

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the customer a PDF is for', () => {
  it('is the cached profile, without asking the server again', async () => {
    const fetch = answer(500, {});
    const client = new QueryClient();
    client.setQueryData(queryKeys.profile, profile);
    expect(await pdfCustomer(client)).toEqual({
      name: 'Maria Lopez',
      email: 'maria@example.com',
      phone: '555-0142',
      address: '42 Elm Street, Springfield',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is read from GET /api/profile when no page has read it yet, and then cached for the Profile page', async () => {
    const fetch = answer(200, { ...profile, name: null });
    const client = new QueryClient();
    client.setQueryData(queryKeys.session, session);
    // No name in the profile: the account's name stands in.
    expect(await pdfCustomer(client)).toMatchObject({ name: 'Maria L.', address: '42 Elm Street, Springfield' });
    expect(fetch).toHaveBeenCalledWith('/api/profile', expect.anything());
    expect(client.getQueryData(queryKeys.profile)).toMatchObject({ email: 'maria@example.com' });
  });

  it('falls back to the session’s name and e-mail when there is no profile, and says why in the console', async () => {
    answer(404, { error: { code: 'not_found', message: 'User not found.' } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = new QueryClient();
    client.setQueryData(queryKeys.session, session);
    expect(await pdfCustomer(client)).toEqual({ name: 'Maria L.', email: 'maria@example.com', phone: null, address: null });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the profile could not be read'), expect.anything());
    client.setQueryData(queryKeys.session, null);
    expect(await pdfCustomer(client)).toBeNull();
  });
});
