/** Limits of the account fields; zod-free so the register page (first bundle) can use them. */
export const ACCOUNT_LIMITS = { name: 120, phone: 40, address: 300, email: 254, passwordMin: 8, passwordMax: 128 } as const;
