import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, httpOrigin, isAppPath } from './security-headers.ts';

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values.join(' ')];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows only the app’s own scripts, frames nothing and may not be framed', () => {
    const policy = directives(contentSecurityPolicy(''));
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(policy.get('frame-src')).toBe("'none'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(contentSecurityPolicy('')).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  it('allows ad media over https', () => {
    const policy = directives(contentSecurityPolicy(''));
    expect(policy.get('img-src')).toBe("'self' https: data:");
    expect(policy.get('media-src')).toBe("'self' https:");
  });

  it('frames the origin of DEMO_VIDEO_URL, and nothing for a URL that is not http(s)', () => {
    expect(
      directives(contentSecurityPolicy('https://www.youtube-nocookie.com/embed/abc?x=1')).get('frame-src'),
    ).toBe('https://www.youtube-nocookie.com');
    expect(directives(contentSecurityPolicy('https://Video.Example.test:8443/v')).get('frame-src')).toBe(
      'https://video.example.test:8443',
    );
    expect(directives(contentSecurityPolicy("javascript:alert(1)'; script-src *")).get('frame-src')).toBe(
      "'none'",
    );
  });
});

describe('httpOrigin', () => {
  it('keeps scheme, host and port only', () => {
    expect(httpOrigin('http://a.test/x?y#z')).toBe('http://a.test');
    expect(httpOrigin('ftp://a.test')).toBeNull();
  });
});

describe('isAppPath', () => {
  it.each([
    ['/', true],
    ['/app/search', true],
    ['/index.html', true],
    ['/sw.js', true],
    ['/apidocs', true],
    ['/api/adscout/config', false],
    ['/api', false],
    ['/_/', false],
    ['/_/images/logo.svg', false],
  ])('%s → %s', (path, app) => {
    expect(isAppPath(path)).toBe(app);
  });
});
