import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../../contracts/customer/profile';
import { takeConsoleErrors } from '../../../../tests/support/fail-on-console-error';
import i18n from '../../i18n';
import { ProfilePage } from './ProfilePage';

const profile: Profile = {
  name: 'Rosa Díaz',
  email: 'rosa@example.com',
  phone: '555-0101',
  address: '12 Oak St',
  account_number: null,
  created_at: '2026-02-14T12:00:00.000Z',
  emailUpdates: true,
};
const people = { you: { email: 'rosa@example.com', role: 'owner' }, accountEmail: 'rosa@example.com', people: [] as unknown[] };
const invited = { id: 1, email: 'sam@example.com', name: null, role: 'view_only', invitedAt: '2026-02-15T12:00:00.000Z', joinedAt: null };
type Handler = (url: string, init: RequestInit) => { status: number; body: unknown };
let handler: Handler;
const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
  const { status, body } = handler(url, init);
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
});
const posted = (path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url === path && init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body)));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  handler = (url, init) => {
    if (url === '/api/profile' && init.method === 'POST') return { status: 200, body: { ...profile, ...JSON.parse(String(init.body)) } };
    if (url === '/api/profile') return { status: 200, body: profile };
    if (url === '/api/profile/email-updates') return { status: 200, body: { emailUpdates: JSON.parse(String(init.body)).enabled } };
    if (url === '/api/properties') return { status: 200, body: { properties: [] } };
    if (url === '/api/people' && init.method === 'POST') return { status: 201, body: { ...people, people: [invited] } };
    if (url === '/api/people') return { status: 200, body: people };
    return { status: 404, body: {} };
  };
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProfilePage />
    </QueryClientProvider>,
  );
}

describe('ProfilePage', () => {
  it('shows a busy placeholder named for a screen reader while it loads', () => {
    handler = () => ({ status: 200, body: profile });
    fetchMock.mockImplementationOnce(() => new Promise<Response>(() => undefined));
    renderPage();
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');
  });

  it("saves 'E-mail me about updates' at once and confirms it", async () => {
    const user = userEvent.setup();
    renderPage();
    const toggle = await screen.findByRole('switch', { name: 'E-mail me about updates' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Saved: you will not get e-mails about updates.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(posted('/api/profile/email-updates')).toEqual([{ enabled: false }]);
  });

  it('says so when the setting cannot be saved, and keeps the switch as it was', async () => {
    const user = userEvent.setup();
    const ok = handler;
    handler = (url, init) =>
      url === '/api/profile/email-updates' ? { status: 500, body: { error: { code: 'x', message: 'x' } } } : ok(url, init);
    renderPage();
    const toggle = await screen.findByRole('switch', { name: 'E-mail me about updates' });
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('The setting could not be saved. Please try again.');
    expect(toggle).toBeChecked();
    expect(takeConsoleErrors().some((line) => line.startsWith('E-mail updates could not be saved'))).toBe(true);
  });

  it('edits name, phone and address, refusing an empty name', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const form = screen.getByRole('form', { name: 'Edit your details' });
    await user.clear(within(form).getByLabelText('Full Name'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Full name is required.');
    expect(posted('/api/profile')).toEqual([]);
    await user.type(within(form).getByLabelText('Full Name'), 'Rosa M. Díaz');
    await user.clear(within(form).getByLabelText('Phone'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your details were saved.')).toBeInTheDocument();
    expect(posted('/api/profile')).toEqual([{ name: 'Rosa M. Díaz', phone: null, address: '12 Oak St' }]);
    expect(screen.getByText('Rosa M. Díaz')).toBeInTheDocument();
  });

  it('asks to change the e-mail: checks it with the contract, names a wrong password, then shows the address waiting for confirmation', async () => {
    const user = userEvent.setup();
    const ok = handler;
    handler = (url, init) => {
      if (url !== '/api/profile/email') return ok(url, init);
      const body = JSON.parse(String(init.body)) as { password: string; newEmail: string };
      if (body.password !== 'right-password') {
        return { status: 400, body: { error: { code: 'wrong_password', message: 'The password is not correct.' } } };
      }
      return { status: 200, body: { pendingEmail: { email: body.newEmail.toLowerCase(), expiresAt: '2026-02-15T12:00:00.000Z' } } };
    };
    renderPage();
    const form = await screen.findByRole('form', { name: 'Change e-mail' });
    const send = within(form).getByRole('button', { name: 'Send confirmation link' });
    await user.type(within(form).getByLabelText('New e-mail'), 'rosa.new@');
    await user.click(send);
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter a valid e-mail address.');
    await user.clear(within(form).getByLabelText('New e-mail'));
    await user.type(within(form).getByLabelText('New e-mail'), 'ROSA@example.com');
    await user.type(within(form).getByLabelText('Current password'), 'whatever');
    await user.click(send);
    expect(within(form).getByRole('alert')).toHaveTextContent('This is already your e-mail address.');
    expect(posted('/api/profile/email')).toEqual([]);

    await user.clear(within(form).getByLabelText('New e-mail'));
    await user.type(within(form).getByLabelText('New e-mail'), 'Rosa.New@example.com');
    await user.click(send);
    expect(await within(form).findByText('The password is not correct.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), 'right-password');
    await user.click(send);
    expect(await within(form).findByRole('status')).toHaveTextContent(
      /^Waiting for confirmation of rosa\.new@example\.com\. Open the link we sent to that address \(valid until Feb 15, 2026.*\)\. Until then, your e-mail stays rosa@example\.com\.$/,
    );
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
    expect(posted('/api/profile/email').at(-1)).toEqual({ newEmail: 'Rosa.New@example.com', password: 'right-password' });
  });

  it('is all Spanish in Spanish, with the spec text of the switch', async () => {
    await i18n.changeLanguage('es');
    renderPage();
    expect(await screen.findByRole('switch', { name: 'Envíame avisos por correo' })).toBeChecked();
    expect(screen.getByRole('form', { name: 'Cambiar contraseña' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar datos' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Cambiar correo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nuevo correo')).toBeInTheDocument();
  });

  it('People: the owner invites someone view only; the list shows them invited', async () => {
    const user = userEvent.setup();
    renderPage();
    const section = await screen.findByRole('region', { name: 'People' });
    await within(section).findByText('Nobody else has access to this account.');
    await user.type(within(section).getByLabelText('Email'), 'Sam@Example.com');
    await user.click(within(section).getByRole('radio', { name: 'View only' }));
    await user.click(within(section).getByRole('button', { name: 'Send invitation' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Invitation sent to sam@example.com.');
    expect(posted('/api/people')).toEqual([{ email: 'Sam@Example.com', role: 'view_only', locale: 'en' }]);
    expect(section).toHaveTextContent('View only · invited');
  });

  it('a view-only person sees the account, its people and their own role, with no form of the owner', async () => {
    const ok = handler;
    handler = (url, init) =>
      url === '/api/people'
        ? { status: 200, body: { ...people, you: { email: 'sam@example.com', role: 'view_only' }, people: [invited] } }
        : ok(url, init);
    renderPage();
    const section = await screen.findByRole('region', { name: 'People' });
    expect(await within(section).findByText('You are signed in as sam@example.com, a person of this account: View only.')).toBeVisible();
    expect(screen.getByText("Only the account's owner can change these details.")).toBeVisible();
    expect(screen.queryByRole('switch', { name: 'E-mail me about updates' })).toBeNull();
    expect(within(section).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Leave this account' })).toBeVisible();
  });
});
