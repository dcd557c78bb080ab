type AuthClient = (typeof import('./auth-client'))['authClient'];

/** What an action gets when the sign-in code itself could not be fetched (offline): a failed request. */
export interface ClientNotLoaded {
  status: 0;
  statusText: string;
  code: 'CLIENT_NOT_LOADED';
  message: string;
}

let loading: Promise<AuthClient> | undefined;

/**
 * Better Auth's browser client (about 10 kB gzip) stays off the first page: the session check is a
 * plain GET (features/auth/session.ts), and the client is fetched when a form is first touched or
 * an action needs it. A failed fetch is forgotten, so the next action tries again.
 */
export function loadAuthClient(): Promise<AuthClient> {
  loading ??= import('./auth-client').then(
    (module) => module.authClient,
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** Starts fetching the client ahead of the action (a form's first focus); the action reports a failure. */
export function preloadAuthClient(): void {
  loadAuthClient().catch(() => undefined);
}

/** Runs `call` with the client; if the client cannot be fetched, answers like a request that failed. */
export async function withAuthClient<T>(call: (client: AuthClient) => Promise<T>): Promise<T | { data: null; error: ClientNotLoaded }> {
  let client: AuthClient;
  try {
    client = await loadAuthClient();
  } catch (err) {
    console.error('the sign-in code could not be loaded', err);
    return { data: null, error: { status: 0, statusText: '', code: 'CLIENT_NOT_LOADED', message: String(err) } };
  }
  return call(client);
}
