import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '../../../../tests/support/fail-on-console-error';
import i18n from '../../i18n';
import { authClient } from '../../lib/auth-client';
import { at, renderRoutes, stubFetch } from '../../test-utils';
import { LoginPage } from './LoginPage';

vi.mock('../../lib/auth-client', () => ({
  authClient: { signIn: { email: vi.fn() }, signOut: vi.fn(), twoFactor: { verifyTotp: vi.fn(), verifyBackupCode: vi.fn() } },
}));
const signInEmail = vi.mocked(authClient.signIn.email);
const verifyTotp = vi.mocked(authClient.twoFactor.verifyTotp);
const verifyBackupCode = vi.mocked(authClient.twoFactor.verifyBackupCode);
const signOut = vi.mocked(authClient.signOut);

const ok = (data: unknown) => ({ data, error: null }) as never;
const failure = (status: number, code?: string) => ({ data: null, error: { status, code, message: 'x', statusText: '' } }) as never;
const me = { id: 'u1', email: 'ana@company.example', name: 'Ana', role: 'owner' };

function renderLogin(url = '/office/login') {
  return renderRoutes([at('/office/login', <LoginPage />), at('/office', <h1>Inbox</h1>), at('/office/audit', <h1>Audit</h1>)], url);
}

async function passwordStep() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'ana@company.example');
  await user.type(screen.getByLabelText('Password'), 'office-password');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.clearAllMocks();
  signOut.mockResolvedValue(ok({ success: true }));
  stubFetch({});
});
afterEach(() => vi.unstubAllGlobals());

describe('Office Sign-in', () => {
  it("says 'Sign-in failed. Please check your credentials.' for a wrong password", async () => {
    signInEmail.mockResolvedValue(failure(401, 'INVALID_EMAIL_OR_PASSWORD'));
    renderLogin();
    await passwordStep();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed. Please check your credentials.');
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
  });

  it("asks for the code, refuses a wrong one with 'That code is not valid.', and opens the page asked for", async () => {
    stubFetch({ 'GET /api/office/me': { body: me } });
    signInEmail.mockResolvedValue(ok({ twoFactorRedirect: true, twoFactorMethods: ['totp'] }));
    verifyTotp.mockResolvedValueOnce(failure(401, 'INVALID_CODE')).mockResolvedValueOnce(ok({ token: 't' }));
    renderLogin('/office/login?next=%2Foffice%2Faudit');
    const user = await passwordStep();
    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveFocus();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid.');
    expect(code).toHaveValue('');
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Audit' })).toBeInTheDocument();
    expect(verifyTotp).toHaveBeenLastCalledWith({ code: '654321' });
  });

  it('takes a backup code instead', async () => {
    stubFetch({ 'GET /api/office/me': { body: me } });
    signInEmail.mockResolvedValue(ok({ twoFactorRedirect: true }));
    verifyBackupCode.mockResolvedValue(ok({ token: 't' }));
    renderLogin();
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a backup code instead' }));
    await user.type(screen.getByLabelText('Backup code'), 'AbCdE-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Inbox' })).toBeInTheDocument();
    expect(verifyBackupCode).toHaveBeenCalledWith({ code: 'AbCdE-12345' });
    expect(verifyTotp).not.toHaveBeenCalled();
  });

  it('goes back to the password step when the attempt has ended', async () => {
    signInEmail.mockResolvedValue(ok({ twoFactorRedirect: true }));
    verifyTotp.mockResolvedValue(failure(401, 'INVALID_TWO_FACTOR_COOKIE'));
    renderLogin();
    const user = await passwordStep();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This sign-in took too long. Please sign in again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('tells a customer this is not an office account, ends that session and points to the portal', async () => {
    stubFetch({ 'GET /api/office/me': { status: 403, body: { error: { code: 'not_office_account', message: 'x' } } } });
    signInEmail.mockResolvedValue(ok({ redirect: false, token: 't', user: { id: 'c1' } }));
    renderLogin();
    await passwordStep();
    expect(await screen.findByRole('alert')).toHaveTextContent('This is a customer account, not an office account.');
    expect(screen.getByRole('link', { name: 'Go to the customer sign-in' })).toHaveAttribute('href', '/login');
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('not an office session')]);
  });

  it('explains an ended session, in Spanish too', async () => {
    await i18n.changeLanguage('es');
    renderLogin('/office/login?reason=ended');
    expect(screen.getByRole('heading', { name: 'Acceso de oficina' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Tu sesión terminó. Vuelve a iniciar sesión.');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
  });
});
