/** Types of build-if-stale.js (plain JavaScript, run by bare Node at `npm start`). */
export declare function buildIfStale(root: string): void;
