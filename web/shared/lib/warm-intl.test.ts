import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** warm-intl.js: a plain script a signed-in page runs before its app, served from assets/ under its hash (static-site.ts, decision 281). */
const root = path.resolve(import.meta.dirname, '../../..');
const source = fs.readFileSync(path.join(root, 'web/shared/lib/warm-intl.js'), 'utf8');
const run = () => new Function(source)() as void;

/** Intl's constructor, recording what it is asked for and still making the real formatter. */
function record<K extends 'NumberFormat' | 'DateTimeFormat'>(name: K) {
  const Real = Intl[name] as new (...args: unknown[]) => object;
  return vi.spyOn(Intl, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
    return new Real(...args);
  } as never);
}

describe('warm-intl.js', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it("makes the app's first formatters for the language the app will show: es-US when Spanish is remembered", () => {
    window.localStorage.setItem('portal.language', 'es');
    const numberFormat = record('NumberFormat');
    const dateFormat = record('DateTimeFormat');
    run();
    expect(numberFormat).toHaveBeenCalledWith('es-US', { style: 'currency', currency: 'USD' });
    expect(dateFormat).toHaveBeenCalledWith('es-US', expect.objectContaining({ month: 'short' }));
  });

  it("runs with storage blocked, in the browser's language", () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    const numberFormat = record('NumberFormat');
    expect(run).not.toThrow();
    expect(numberFormat).toHaveBeenCalledWith('en-US', { style: 'currency', currency: 'USD' });
  });
});
