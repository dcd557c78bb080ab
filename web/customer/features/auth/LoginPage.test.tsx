import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { authClient } from '../../lib/auth-client';
import { LoginPage } from './LoginPage';

vi.mock('../../lib/auth-client', () => ({ authClient: { signIn: { email: vi.fn() } } }));
const signInEmail = vi.mocked(authClient.signIn.email);

const company = { name: 'Acme', email: 'office@acme.example', phones: ['1', '2'], address: 'Here', logoUrl: null };

function renderLogin(url = '/login') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.config, { company, googleConfigured: true, requireEmailVerification: true });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/" element={<h1>Dashboard</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function logIn(email = 'a@example.com', password = 'secret-password') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

const failure = (status: number, code?: string) => ({ data: null, error: { status, code, message: 'x', statusText: '' } }) as never;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  signInEmail.mockReset();
});

describe('LoginPage', () => {
  it('shows the spec message for wrong credentials', async () => {
    signInEmail.mockResolvedValue(failure(401, 'INVALID_EMAIL_OR_PASSWORD'));
    renderLogin();
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please check your credentials.');
  });

  it('explains an unconfirmed e-mail and a locked account', async () => {
    signInEmail.mockResolvedValueOnce(failure(403, 'EMAIL_NOT_VERIFIED'));
    renderLogin();
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please confirm your e-mail address first.');
    signInEmail.mockResolvedValueOnce(failure(429, 'ACCOUNT_LOCKED'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed sign-ins for this account.');
  });

  it('tells an office account (a code challenge, or no set-up yet) to sign in on the office sign-in, in English and Spanish', async () => {
    signInEmail.mockResolvedValue({ data: { twoFactorRedirect: true }, error: null } as never);
    renderLogin();
    await logIn('clerk@company.example');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This is an office account. Office staff sign in on the office sign-in page');
    expect(alert).not.toHaveTextContent('Login failed');
    expect(screen.getByRole('link', { name: 'Go to the office sign-in' })).toHaveAttribute('href', '/office/login');
    // It stays here: no silent bounce to the dashboard.
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();

    await i18n.changeLanguage('es');
    expect(await screen.findByRole('link', { name: 'Ir al acceso de oficina' })).toHaveAttribute('href', '/office/login');

    await i18n.changeLanguage('en');
    signInEmail.mockResolvedValue(failure(403, 'OFFICE_SECOND_FACTOR_REQUIRED'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('link', { name: 'Go to the office sign-in' })).toBeInTheDocument();

    // A real failure afterwards still gets the spec's message, without the office link.
    signInEmail.mockResolvedValue(failure(401, 'INVALID_EMAIL_OR_PASSWORD'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Login failed. Please check your credentials.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to the office sign-in' })).not.toBeInTheDocument();
  });

  it('goes to the dashboard on success', async () => {
    signInEmail.mockResolvedValue({ data: { user: {} }, error: null } as never);
    renderLogin();
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it.each([
    ['/login?error=google&error=access_denied', 'Google sign-in failed.'],
    ['/login?error=google&error=google_email_unverified', 'Google has not verified this e-mail address'],
    ['/login?error=invalid_token', 'This link is invalid or has expired.'],
    ['/login?reset=done', 'Your password has been changed.'],
  ])('explains where a redirect to %s came from', (url, text) => {
    renderLogin(url);
    expect(screen.getByText(text, { exact: false })).toBeInTheDocument();
  });
});
