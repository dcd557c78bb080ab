import { useEffect } from 'react';

/**
 * Logs a screen's load failure once per error, with context (the spec asks for the failure in the console;
 * the screen shows its own short message). `error` is null/undefined while there is nothing to log.
 */
export function useLogLoadError(context: string, error: unknown) {
  useEffect(() => {
    if (error) console.error(context, error);
  }, [context, error]);
}
