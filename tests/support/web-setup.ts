import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Evaluated again for each file, as web-file-reset.ts resets the modules before this set-up runs: its hooks
// are registered for every file of a shared worker, not for its first file only (isolate: false).
import './fail-on-console-error';

// findBy… and waitFor wait for a state to appear: up to 10 s rather than Testing Library's 1 s, so a
// screen that a busy machine draws late (translations, a query) is waited for, not failed. A screen
// that is quick is not slowed: the wait ends as soon as the state is there.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
