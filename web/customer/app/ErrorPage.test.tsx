import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { takeConsoleErrors } from '../../../tests/support/fail-on-console-error';
import '../i18n';
import { ErrorPage } from './ErrorPage';

function Boom(): never {
  throw new Error('kaboom');
}

describe('ErrorPage', () => {
  it('shows the spec heading and logs the error when a screen throws', async () => {
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <ErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/');
    expect(takeConsoleErrors().some((line) => line.startsWith('unexpected application error') && line.includes('kaboom'))).toBe(true);
  });
});
