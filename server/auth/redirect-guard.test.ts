import { describe, expect, it } from 'vitest';
import { guardRedirectParams, isAllowedCallback, keepRedirectHome, RedirectNotAllowedError } from './redirect-guard';

const APP = 'http://localhost:3000';
const redirect = (location: string) => new Response(null, { status: 302, headers: { location } });

describe('isAllowedCallback', () => {
  it('accepts the portal pages, relative or on APP_URL, and nothing else', () => {
    expect(isAllowedCallback('/', APP)).toBe(true);
    expect(isAllowedCallback(`${APP}/reset-password`, APP)).toBe(true);
    // The record an e-mail links to, kept through sign-in (contracts/return-path.ts).
    expect(isAllowedCallback('/quotes/6', APP)).toBe(true);
    expect(isAllowedCallback(`${APP}/work-orders/6`, APP)).toBe(true);
    // The join page of a person's invitation, its Google sign-in's error page (decision 234).
    expect(isAllowedCallback('/join-account?token=Ab9_-x', APP)).toBe(true);
    for (const bad of [
      '/..//evil.example',
      '//evil.example',
      'https://evil.example',
      `${APP}@evil.example`,
      '/quotes/../..//x',
      '/quotes/6/..//evil.example',
      '/quotes/6?x=//evil',
      '/join-account?token=abc&next=//evil.example',
      '/join-account?token=a/../..//evil',
      42,
    ]) {
      expect(isAllowedCallback(bad, APP), String(bad)).toBe(false);
    }
  });
});

describe('guardRedirectParams', () => {
  it('replaces a foreign target in a GET link by "/" and refuses one in a POST body', async () => {
    const get = await guardRedirectParams(new Request(`${APP}/api/auth/verify-email?token=t&callbackURL=%2F%2Fevil.example`), APP);
    expect(new URL(get.url).searchParams.get('callbackURL')).toBe('/');
    const post = new Request(`${APP}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ callbackURL: '/..//evil.example' }),
    });
    await expect(guardRedirectParams(post, APP)).rejects.toBeInstanceOf(RedirectNotAllowedError);
  });

  it('reads every body the auth handler reads: JSON in any letter case, and forms', async () => {
    const post = (type: string, body: BodyInit) =>
      new Request(`${APP}/api/auth/sign-up/email`, { method: 'POST', headers: { 'content-type': type }, body });
    const json = JSON.stringify({ callbackURL: '//evil.example' });
    const form = new FormData();
    form.append('callbackURL', '/');
    form.append('callbackURL', '//evil.example');
    for (const request of [
      post('Application/JSON', json),
      post('APPLICATION/JSON; charset=UTF-8', json),
      post('application/x-www-form-urlencoded', 'email=a%40b.example&callbackURL=%2F..%2F%2Fevil.example'),
      post('Application/X-WWW-Form-Urlencoded;charset=UTF-8', new URLSearchParams({ redirectTo: 'https://evil.example/' }).toString()),
      new Request(`${APP}/api/auth/sign-up/email`, { method: 'POST', body: form }),
    ]) {
      await expect(guardRedirectParams(request, APP), request.headers.get('content-type') ?? '').rejects.toBeInstanceOf(
        RedirectNotAllowedError,
      );
    }
    const fine = post('application/x-www-form-urlencoded', 'email=a%40b.example&callbackURL=%2F');
    expect(await guardRedirectParams(fine, APP)).toBe(fine);
  });
});

describe('keepRedirectHome', () => {
  it('rewrites a redirect that leaves APP_URL to the login page', () => {
    for (const location of ['//evil.example', '/\\evil.example', 'https://evil.example/x', '//evil.example?error=INVALID_TOKEN']) {
      expect(keepRedirectHome(redirect(location), APP, []).headers.get('location'), location).toBe(`${APP}/login`);
    }
  });
  it('keeps redirects within the portal and to the sign-in provider', () => {
    expect(keepRedirectHome(redirect('/?ok=1'), APP, []).headers.get('location')).toBe('/?ok=1');
    const google = 'https://accounts.google.com/o/oauth2/v2/auth?x=1';
    expect(keepRedirectHome(redirect(google), APP, ['https://accounts.google.com']).headers.get('location')).toBe(google);
  });
});
