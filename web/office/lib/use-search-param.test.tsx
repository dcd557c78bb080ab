import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSearchParam } from './use-search-param';

/** What a person types into the box, from outside it: the same setter the box's onChange calls. */
let type: (value: string) => void = () => undefined;
function SearchBox() {
  const [input, setInput, q] = useSearchParam();
  type = setInput;
  return (
    <>
      <input aria-label="Search" value={input} onChange={(e) => setInput(e.currentTarget.value)} />
      <output aria-label="Searched">{q}</output>
    </>
  );
}

const open = (url = '/') => {
  const router = createMemoryRouter([{ path: '/', element: <SearchBox /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
};

afterEach(() => vi.useRealTimers());

describe('useSearchParam', () => {
  it('puts what is typed in the URL after a pause, and keeps typing that goes on as the URL catches up', async () => {
    vi.useFakeTimers();
    const router = open();
    await act(async () => type('481-4629'));
    // The pause ends and, in the same moment, the person types on: the URL gets the first text, the box keeps the new one.
    await act(async () => {
      vi.advanceTimersByTime(300);
      type('ACC-1');
    });
    expect(router.state.location.search).toBe('?q=481-4629');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('ACC-1');
    await act(async () => vi.advanceTimersByTime(300));
    expect(router.state.location.search).toBe('?q=ACC-1');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('ACC-1');
  });

  it('follows the URL when it changes by itself (a link, Back)', async () => {
    const router = open('/?q=roof');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('roof');
    await act(() => router.navigate('/?q=deck'));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('deck');
    expect(screen.getByRole('status', { name: 'Searched' })).toHaveTextContent('deck');
  });
});
