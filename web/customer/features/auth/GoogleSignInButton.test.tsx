import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { GoogleSignInButton } from './GoogleSignInButton';
import { signInWithGoogle, type GoogleOutcome } from './google-sign-in';

vi.mock('./google-sign-in', () => ({ signInWithGoogle: vi.fn() }));
const signIn = vi.mocked(signInWithGoogle);

const company = { name: 'Acme', email: 'office@acme.example', phones: ['1', '2'], address: 'Here', logoUrl: null };

function renderButton(googleConfigured: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.config, { company, googleConfigured, requireEmailVerification: true });
  client.setQueryData(queryKeys.session, null);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<GoogleSignInButton />} />
          <Route path="/" element={<h1>Dashboard</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const clickGoogle = (name = 'Sign in with Google') => userEvent.setup().click(screen.getByRole('button', { name }));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  signIn.mockReset();
});

describe('GoogleSignInButton', () => {
  it('says Google sign-in is not set up when the server has no credentials, and opens nothing', async () => {
    renderButton(false);
    await clickGoogle();
    expect(screen.getByRole('alert')).toHaveTextContent('Sign-in with Google is not set up for this portal yet.');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('says so in Spanish too', async () => {
    await i18n.changeLanguage('es');
    renderButton(false);
    await clickGoogle('Iniciar sesión con Google');
    expect(screen.getByRole('alert')).toHaveTextContent('El inicio de sesión con Google aún no está configurado en este portal.');
  });

  it('goes to the dashboard once the popup has signed the customer in', async () => {
    signIn.mockResolvedValue('signed-in');
    renderButton(true);
    await clickGoogle();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it("shows 'Google sign-in failed.' and stays when the popup fails or is closed", async () => {
    signIn.mockResolvedValue('failed');
    renderButton(true);
    await clickGoogle();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Google sign-in failed\.$/);
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });

  it('says to use e-mail and password when Google has not verified the address', async () => {
    signIn.mockResolvedValue('google-unverified');
    renderButton(true);
    await clickGoogle();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google has not verified this e-mail address, so it cannot be used to sign in. Please log in or register with your e-mail and password.',
    );
  });

  it('while the popup is open: the button waits and says where to finish', async () => {
    let finish: (outcome: GoogleOutcome) => void = () => {};
    signIn.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderButton(true);
    await clickGoogle();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Finish signing in with Google in the window that opened');
    finish('failed');
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in failed.');
  });
});
