/** Tells the portal's other tabs that this one signed in or out, so they follow at once. */
export type AuthEvent = 'signed-in' | 'signed-out';
const CHANNEL = 'portal-auth';

export function broadcastAuthEvent(event: AuthEvent): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(event);
  channel.close();
}

export function onAuthEvent(listener: (event: AuthEvent) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<AuthEvent>) => listener(e.data);
  return () => channel.close();
}
