import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Setting up an office account runs Better Auth's own endpoints (sign-in, enable two-factor,
 * verify the first code), which need a session. Only inside this scope, and only for the account
 * being set up, may an office account without a second factor hold one; the set-up deletes it
 * before answering, so it never reaches a browser (server/auth/office/setup.ts).
 */
const scope = new AsyncLocalStorage<string>();

export const duringSetupOf = <T>(userId: string, work: () => Promise<T>): Promise<T> => scope.run(userId, work);

export const isSettingUp = (userId: string): boolean => scope.getStore() === userId;

export const inAnySetup = (): boolean => scope.getStore() !== undefined;
