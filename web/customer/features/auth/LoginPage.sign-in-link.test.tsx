import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { authClient } from '../../lib/auth-client';
import { queryKeys } from '../../lib/query-keys';
import { LoginPage } from './LoginPage';

vi.mock('../../lib/auth-client', () => ({ authClient: { signIn: { email: vi.fn(), magicLink: vi.fn() } } }));
const magicLink = vi.mocked(authClient.signIn.magicLink);

const company = { name: 'Acme', email: 'office@acme.example', phones: ['1', '2'], address: 'Here', logoUrl: null };

function renderLogin(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.config, { company, googleConfigured: true, requireEmailVerification: true });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  magicLink.mockReset();
});

describe("'Email me a sign-in link' on the Login", () => {
  it('sends the link to the typed address, back to the record the customer was heading to, and says what to expect', async () => {
    magicLink.mockResolvedValue({ data: { status: true }, error: null } as never);
    renderLogin('/login?next=%2Fquotes%2F12');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), ' rosa@example.com ');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('a sign-in link is on its way. It works once, for 15 minutes');
    expect(magicLink).toHaveBeenCalledWith({
      email: 'rosa@example.com',
      callbackURL: '/quotes/12',
      errorCallbackURL: '/login?next=%2Fquotes%2F12',
    });
  });

  it('asks for the address first, and explains a lockout in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderLogin('/login');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Enviarme un enlace de acceso' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Primero escriba su correo electrónico.');
    expect(magicLink).not.toHaveBeenCalled();

    magicLink.mockResolvedValue({ data: null, error: { status: 429, code: 'ACCOUNT_LOCKED', message: 'x', statusText: '' } } as never);
    await user.type(screen.getByLabelText('Correo electrónico'), 'rosa@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviarme un enlace de acceso' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos fallidos para esta cuenta.');
  });

  it('says why a used or late link brought the customer back here', async () => {
    renderLogin('/login?next=%2Fquotes%2F12&error=INVALID_TOKEN');
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link has expired or was already used. Ask for a new one.');
  });
});
