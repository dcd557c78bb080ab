import type { BenchCustomer } from './workload';

/** Signs a seeded customer in through the portal's API, each from its own (forwarded) address. */
export async function signIn(
  base: string,
  origin: string,
  customer: { email: string; quoteIds: number[] },
  password: string,
  index: number,
): Promise<BenchCustomer> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': `10.99.${index >> 8}.${index & 255}` },
    body: JSON.stringify({ email: customer.email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${customer.email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  return { ...customer, cookie };
}
