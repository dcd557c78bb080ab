import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

const DEBOUNCE_MS = 300;

/** A text filter as a URL asks for it (?q=), trimmed; '' when absent. */
export const textParam = (params: URLSearchParams, name = 'q') => (params.get(name) ?? '').trim();

/**
 * A search box's text and the search in the URL (?q=, so a reload, a shared link or Back keeps it).
 * Typing updates the URL after a pause, replacing the entry: one history step per search, not per key.
 */
export function useSearchParam(name = 'q'): [input: string, setInput: (value: string) => void, q: string] {
  const [params, setParams] = useSearchParams();
  const q = textParam(params, name);
  const [input, setInput] = useState(q);
  /** What this box last wrote to the URL: the URL catching up with it is not a change to follow. */
  const written = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (input.trim() === q) return;
    const timer = setTimeout(() => {
      written.current = input.trim();
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (input.trim()) next.set(name, input.trim());
          else next.delete(name);
          return next;
        },
        { replace: true },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only typing starts a timer; the URL catching up must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [input]);

  // The URL changed by itself (Back, a link): the box follows. Not when it only caught up with what the box
  // wrote: the person may have typed on since (the write lands after the pause), and that text is kept.
  useEffect(() => {
    if (q === written.current) return;
    setInput((current) => (current.trim() === q ? current : q));
  }, [q]);

  return [input, setInput, q];
}

/** Sets (or with null/'' removes) URL parameters, each change a history step (Back undoes a filter). */
export function useSetParams() {
  const [, setParams] = useSearchParams();
  return (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
}
