import { english } from './english';
import { spanish } from './spanish';

/** Both languages (for tests); the app loads them a part at a time (index.ts). */
export const resources = { en: english, es: spanish };

export const namespaces = Object.keys(english) as (keyof typeof english)[];
