import { beforeEach, describe, expect, it, vi } from 'vitest';

const popup = vi.fn();
const getSession = vi.fn();
const social = vi.fn();
vi.mock('better-auth/client/plugins', () => ({ createSignInPopup: () => popup }));
vi.mock('../../lib/auth-client', () => ({
  authClient: { $fetch: vi.fn(), $store: { notify: vi.fn() }, getSession, signIn: { social } },
}));
const { signInWithGoogle } = await import('./google-sign-in');

const failure = (code: string) => ({ data: null, error: { code, message: code } });

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('signInWithGoogle', () => {
  it('asks for the popup with the google provider and comes back to /', async () => {
    popup.mockResolvedValue({ data: { success: true }, error: null });
    expect(await signInWithGoogle()).toBe('signed-in');
    expect(popup).toHaveBeenCalledWith({ provider: 'google', callbackURL: '/' });
  });

  it('falls back to a full-page redirect when the browser blocks the popup', async () => {
    popup.mockResolvedValue(failure('POPUP_BLOCKED'));
    social.mockResolvedValue({ data: { url: 'https://accounts.google.com/...', redirect: true }, error: null });
    expect(await signInWithGoogle()).toBe('redirecting');
    expect(social).toHaveBeenCalledWith({ provider: 'google', callbackURL: '/', errorCallbackURL: '/login?error=google' });
  });

  it("the join page's sign-in carries the link's token and its own error page, and tells its refusals apart (decision 234)", async () => {
    const start = { additionalData: { joinAccountToken: 'tok' }, errorCallbackURL: '/join-account?token=tok' };
    popup.mockResolvedValue(failure('join_other_email'));
    expect(await signInWithGoogle(null, start)).toBe('join_other_email');
    expect(popup).toHaveBeenCalledWith({ provider: 'google', callbackURL: '/', additionalData: { joinAccountToken: 'tok' } });
    popup.mockResolvedValue(failure('POPUP_BLOCKED'));
    social.mockResolvedValue({ data: { url: 'https://accounts.google.com/...', redirect: true }, error: null });
    expect(await signInWithGoogle(null, start)).toBe('redirecting');
    expect(social).toHaveBeenCalledWith({
      provider: 'google',
      callbackURL: '/',
      errorCallbackURL: '/join-account?token=tok',
      additionalData: { joinAccountToken: 'tok' },
    });
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('a closed popup is a failure, unless the sign-in had gone through before it closed', async () => {
    popup.mockResolvedValue(failure('POPUP_CLOSED'));
    getSession.mockResolvedValueOnce({ data: null, error: null });
    expect(await signInWithGoogle()).toBe('failed');
    getSession.mockResolvedValueOnce({ data: { user: { id: 'u1' } }, error: null });
    expect(await signInWithGoogle()).toBe('signed-in');
  });

  it('tells an unverified Google e-mail apart from other failures', async () => {
    popup.mockResolvedValue(failure('google_email_unverified'));
    expect(await signInWithGoogle()).toBe('google-unverified');
    popup.mockResolvedValue(failure('access_denied'));
    expect(await signInWithGoogle()).toBe('failed');
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('keeps the code the popup posted when its closing is noticed before its message', async () => {
    popup.mockImplementation(async () => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: 'better-auth:oauth-popup', error: { code: 'google_email_unverified' } },
        }),
      );
      return failure('POPUP_CLOSED');
    });
    getSession.mockResolvedValue({ data: null, error: null });
    expect(await signInWithGoogle()).toBe('google-unverified');
  });

  it('logs an unexpected failure for whoever investigates', async () => {
    popup.mockResolvedValue(failure('invalid_code'));
    expect(await signInWithGoogle()).toBe('failed');
    expect(console.warn).toHaveBeenCalledWith('Google sign-in failed', expect.objectContaining({ code: 'invalid_code' }));
  });
});
