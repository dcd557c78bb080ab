/** Types of build-fingerprint.js (plain JavaScript, run by bare Node at `npm start`). */
export declare const BUILD_INPUTS: readonly string[];
export declare const FINGERPRINT_FILE: string;
export declare function buildFingerprint(root: string): string;
export declare function buildIsCurrent(root: string, fingerprint: string): boolean;
