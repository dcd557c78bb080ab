import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18n from '../../i18n';
import { VerifyPage } from './VerifyPage';

let answer: { status: number; body: unknown };
let sent: FormData | undefined;
const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
  if (url === '/api/verify') {
    sent = init.body as FormData;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }
  return new Response('{}', { status: 404 });
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  sent = undefined;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/verify', element: <VerifyPage /> }], { initialEntries: ['/verify'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const pdf = new File([new Uint8Array([37, 80, 68, 70])], 'quote.pdf', { type: 'application/pdf' });

describe('/verify', () => {
  it('sends the code and the file, and says only one of the two answers', async () => {
    const user = userEvent.setup();
    answer = { status: 200, body: { matches: true } };
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the verification code.');
    await user.type(screen.getByLabelText('Verification code'), 'abcd-efgh-jklm-npqr');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose the PDF file.');
    await user.upload(screen.getByLabelText('PDF file'), pdf);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('status')).toHaveTextContent('This is the signed document. Nothing has changed since it was signed.');
    expect(sent?.get('code')).toBe('abcd-efgh-jklm-npqr');
    expect((sent?.get('file') as File).name).toBe('quote.pdf');

    answer = { status: 200, body: { matches: false } };
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not the signed document.');
  });

  it('in Spanish, and when the address has checked too often', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    answer = { status: 429, body: { error: { code: 'too_many_requests' } } };
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Verificar un documento firmado');
    await user.type(screen.getByLabelText('Código de verificación'), 'ABCD-EFGH-JKLM-NPQR');
    await user.upload(screen.getByLabelText('Archivo PDF'), pdf);
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiadas comprobaciones desde su dirección.');
  });
});
