import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../http/policy';
import { devContentSecurityPolicy, isAllowedExternalUrl, isTrustedRendererUrl } from './security';

const index = 'app://cardwise/index.html';

describe('isTrustedRendererUrl', () => {
  it('trusts our own page, with or without a hash route', () => {
    expect(isTrustedRendererUrl(index, index)).toBe(true);
    expect(isTrustedRendererUrl(index + '#/catalog', index)).toBe(true);
  });
  it('refuses files, remote pages and garbage', () => {
    expect(isTrustedRendererUrl('file:///opt/cardwise/out/renderer/index.html', index)).toBe(false);
    expect(isTrustedRendererUrl('file:///etc/passwd', index)).toBe(false);
    expect(isTrustedRendererUrl('https://evil.example/', index)).toBe(false);
    expect(isTrustedRendererUrl('not a url', index)).toBe(false);
  });
  it('refuses other pages of our own origin, other hosts of the scheme, and non-page schemes', () => {
    for (const url of [
      'app://cardwise/problem.html',
      'app://cardwise/other.html',
      'app://cardwise/index.html/../other.html',
      'app://cardwise/%69ndex.html',
      'app://cardwise/index.html?x=1',
      'app://evil/index.html',
      'app://cardwise.evil/index.html',
      'app://user:pw@cardwise/index.html',
      'app://cardwise:8080/index.html',
      'data:text/html,<script>alert(1)</script>',
      'blob:app://cardwise/6f1c2d3e',
      'view-source:' + index,
      'javascript:alert(1)',
      'about:blank',
      'devtools://devtools/bundled/inspector.html',
    ]) {
      expect(isTrustedRendererUrl(url, index), url).toBe(false);
    }
  });
  it('trusts a loopback dev server only when one is configured', () => {
    expect(isTrustedRendererUrl('http://localhost:5173/', index)).toBe(false);
    expect(isTrustedRendererUrl('http://localhost:5173/#/x', index, 'http://localhost:5173')).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', index, 'http://localhost:5173')).toBe(false);
    expect(isTrustedRendererUrl('http://evil.example/', index, 'http://evil.example')).toBe(false);
  });
  it('refuses blob: URLs of the dev origin', () => {
    expect(isTrustedRendererUrl('blob:http://localhost:5173/1234', index, 'http://localhost:5173')).toBe(false);
  });
});

describe('isAllowedExternalUrl', () => {
  it('opens https links to vetted hosts', () => {
    expect(isAllowedExternalUrl('https://github.com/pytorch/torchtune')).toBe(true);
    expect(isAllowedExternalUrl('https://arxiv.org/abs/2205.05198')).toBe(true);
  });
  it('drops other schemes, hosts and credentials', () => {
    expect(isAllowedExternalUrl('http://github.com/')).toBe(false);
    expect(isAllowedExternalUrl('file:///etc/passwd')).toBe(false);
    expect(isAllowedExternalUrl('app://cardwise/index.html')).toBe(false);
    expect(isAllowedExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isAllowedExternalUrl('https://github.com.evil.example/')).toBe(false);
    expect(isAllowedExternalUrl('https://user:pw@github.com/')).toBe(false);
    expect(isAllowedExternalUrl('https://huggingface.co@evil.example/')).toBe(false);
    expect(isAllowedExternalUrl('https://evil.example#@github.com')).toBe(false);
    expect(isAllowedExternalUrl('https://github.com./')).toBe(false);
    expect(isAllowedExternalUrl('data:text/html,hi')).toBe(false);
  });
});

describe('the one Content-Security-Policy', () => {
  const policy = SECURITY_HEADERS['Content-Security-Policy']!;
  it('closes plugins, base tags and form posts, and allows no eval', () => {
    for (const directive of ["object-src 'none'", "base-uri 'none'", "form-action 'none'", "default-src 'self'"]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
  it('opens, for the dev server only, the refresh preamble and that server’s socket', () => {
    const dev = devContentSecurityPolicy(policy, 'http://localhost:5173');
    expect(dev).toMatch(/script-src 'self' 'unsafe-inline'/);
    expect(dev).toMatch(/connect-src 'self' ws:\/\/localhost:5173/);
    expect(dev).toContain("object-src 'none'");
    expect(dev).not.toContain('unsafe-eval');
  });
});
