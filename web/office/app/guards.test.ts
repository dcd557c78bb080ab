import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test-utils';
import { signedOutOnly } from './guards';

afterEach(() => vi.unstubAllGlobals());
const me = { id: 'u1', email: 'ana@company.example', name: 'Ana', role: 'owner' };

describe('the sign-in page guard', () => {
  it('does not ask the office API when signed out (no 401 in the console)', async () => {
    const calls = stubFetch({ 'GET /api/auth/get-session': { body: null } });
    await expect(signedOutOnly(new QueryClient())()).resolves.toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/get-session']);
  });

  it('sends someone signed in to the office to the Inbox', async () => {
    stubFetch({ 'GET /api/auth/get-session': { body: { user: { id: 'u1' } } }, 'GET /api/office/me': { body: me } });
    const thrown = await signedOutOnly(new QueryClient())().catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('location')).toBe('/office');
  });

  it('shows the sign-in page to a customer signed in (not an office account)', async () => {
    stubFetch({
      'GET /api/auth/get-session': { body: { user: { id: 'c1' } } },
      'GET /api/office/me': { status: 403, body: { error: { code: 'not_office_account', message: 'x' } } },
    });
    await expect(signedOutOnly(new QueryClient())()).resolves.toBeNull();
  });
});
