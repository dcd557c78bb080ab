import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkBackend } from './chunk-backend';

/** The backend's answer to one namespace of one language. */
const read = (backend: ReturnType<typeof chunkBackend>, language: string, namespace: string) =>
  new Promise<{ err: unknown; data: unknown }>((resolve) => backend.read(language, namespace, (err, data) => resolve({ err, data })));

describe('chunkBackend', () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers each namespace from its language's chunk, asked for once", async () => {
    const chunk = vi.fn(async () => ({ common: { hello: 'Hola' }, inbox: { title: 'Bandeja' } }));
    const backend = chunkBackend({ es: chunk });
    const [common, inbox, missing] = await Promise.all([
      read(backend, 'es', 'common'),
      read(backend, 'es', 'inbox'),
      read(backend, 'es', 'audit'),
    ]);
    expect(common).toEqual({ err: null, data: { hello: 'Hola' } });
    expect(inbox.data).toEqual({ title: 'Bandeja' });
    expect(missing.data).toEqual({});
    expect(chunk).toHaveBeenCalledTimes(1);
  });

  it('answers a language without a chunk with nothing (its texts are bundled)', async () => {
    expect(await read(chunkBackend({}), 'en', 'common')).toEqual({ err: null, data: {} });
  });

  it('logs a chunk that cannot be loaded once, gives i18next no retry, and asks again on a later read', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const chunk = vi
      .fn()
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce({ common: { hello: 'Hola' } });
    const backend = chunkBackend({ es: chunk });
    const answers = await Promise.all([read(backend, 'es', 'common'), read(backend, 'es', 'inbox')]);
    expect(answers).toEqual([
      { err: failure, data: false },
      { err: failure, data: false },
    ]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('The Spanish texts could not be loaded:', failure);
    expect(await read(backend, 'es', 'common')).toEqual({ err: null, data: { hello: 'Hola' } });
    expect(chunk).toHaveBeenCalledTimes(2);
  });
});
