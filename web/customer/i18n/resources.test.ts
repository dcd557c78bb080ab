import { describe, expect, it } from 'vitest';
import { itChecksTranslations } from '../../shared/i18n/translations-check';
import { NAMESPACES } from '.';
import { resources } from './resources';

describe('translations', () => {
  itChecksTranslations(resources);

  it('are all listed for loading (i18n/index.ts), so no screen is left without its texts', () => {
    expect([...NAMESPACES].sort()).toEqual(Object.keys(resources.en).sort());
  });
});
