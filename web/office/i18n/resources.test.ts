import { describe } from 'vitest';
import { itChecksTranslations } from '../../shared/i18n/translations-check';
import { resources } from './resources';

describe('translations', () => {
  itChecksTranslations(resources);
});
