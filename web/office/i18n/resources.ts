import { english } from './english';
import { spanish } from './spanish';

/** Both languages, for the tests (resources.test.ts keeps en and es key for key); the app loads Spanish on demand (index.ts). */
export const resources = { en: english, es: spanish } as const;

export { namespaces } from './english';
