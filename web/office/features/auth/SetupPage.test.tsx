import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { at, renderRoutes, stubFetch } from '../../test-utils';
import { SetupPage } from './SetupPage';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const codes = Array.from({ length: 10 }, (_, i) => `code${i}-xxxxx`);
const enrolment = { totpUri: 'otpauth://totp/Acme:ana%40company.example?secret=JBSWY3DPEHPK3PXP&issuer=Acme', secret: 'JBSWY3DPEHPK3PXP' };

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

const renderSetup = (url = `/office/setup?token=${TOKEN}`) =>
  renderRoutes([at('/office/setup', <SetupPage />), at('/office/login', <h1>Sign-in</h1>)], url);

describe('Set up your office account', () => {
  it('password, then the QR code and secret key with the first code, then the ten backup codes', async () => {
    const calls = stubFetch({
      'POST /api/office/setup/check': { body: { email: 'ana@company.example', name: 'ana', role: 'owner' } },
      'POST /api/office/setup/password': { body: enrolment },
      'POST /api/office/setup/finish': (init) =>
        JSON.parse(String(init?.body)).code === '123456'
          ? { body: { backupCodes: codes } }
          : { status: 400, body: { error: { code: 'invalid_code', message: 'That code is not valid.' } } },
    });
    renderSetup();
    const user = userEvent.setup();
    expect(await screen.findByText('For ana@company.example (Owner)')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'office-password-2026');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByRole('definition')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Finish setup' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid.');
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Finish setup' }));

    const list = await screen.findByRole('list', { name: 'Backup codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(screen.getByRole('heading', { name: 'Backup codes' })).toHaveFocus();
    // The password goes again with the code (the server signs in to enrol); the token never in a URL.
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: '/api/office/setup/finish',
      body: { token: TOKEN, password: 'office-password-2026', code: '123456' },
    });
    expect(calls.every((c) => !c.url.includes(TOKEN))).toBe(true);
    await user.click(screen.getByRole('link', { name: 'I saved them, continue to sign-in' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in' })).toBeInTheDocument();
  });

  it('refuses one of the most common passwords with a clear message, in English and Spanish', async () => {
    stubFetch({
      'POST /api/office/setup/check': { body: { email: 'ana@company.example', name: 'ana', role: 'staff' } },
      'POST /api/office/setup/password': {
        status: 400,
        body: { error: { code: 'password_too_common', message: 'This password is one of the most common ones. Please choose another.' } },
      },
    });
    renderSetup();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'Password123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password is one of the most common ones. Please choose another.');
    // Still the password step: nothing to enrol.
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).not.toBeInTheDocument();

    await i18n.changeLanguage('es');
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta contraseña es una de las más comunes. Elija otra.');
  });

  it('says so when the link is not valid, and links to the sign-in', async () => {
    stubFetch({
      'POST /api/office/setup/check': {
        status: 400,
        body: {
          error: {
            code: 'setup_link_invalid',
            message: 'This set-up link is not valid, was already used or has expired. Ask an owner for a new one.',
          },
        },
      },
    });
    await i18n.changeLanguage('es');
    renderSetup();
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace de configuración no es válido, ya se usó o venció.');
    expect(screen.getByRole('link', { name: 'Ir al acceso de oficina' })).toBeInTheDocument();
  });

  it('a link without its token asks for nothing', async () => {
    const calls = stubFetch({});
    renderSetup('/office/setup');
    expect(await screen.findByRole('alert')).toHaveTextContent('This set-up link is not complete.');
    expect(calls.filter((c) => c.url.startsWith('/api/office'))).toEqual([]);
  });
});
