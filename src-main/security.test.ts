import { describe, expect, it } from 'vitest';
import { isAllowedExternalUrl, isTrustedRendererUrl } from './security';

const index = 'file:///opt/cardwise/out/renderer/index.html';

describe('isTrustedRendererUrl', () => {
  it('trusts our own bundle, with or without a hash route', () => {
    expect(isTrustedRendererUrl(index, index)).toBe(true);
    expect(isTrustedRendererUrl(index + '#/catalog', index)).toBe(true);
  });
  it('refuses other files, remote pages and garbage', () => {
    expect(isTrustedRendererUrl('file:///etc/passwd', index)).toBe(false);
    expect(isTrustedRendererUrl('https://evil.example/', index)).toBe(false);
    expect(isTrustedRendererUrl('not a url', index)).toBe(false);
  });
  it('trusts a loopback dev server only when one is configured', () => {
    expect(isTrustedRendererUrl('http://localhost:5173/', index)).toBe(false);
    expect(isTrustedRendererUrl('http://localhost:5173/#/x', index, 'http://localhost:5173')).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', index, 'http://localhost:5173')).toBe(false);
    expect(isTrustedRendererUrl('http://evil.example/', index, 'http://evil.example')).toBe(false);
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
    expect(isAllowedExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isAllowedExternalUrl('https://github.com.evil.example/')).toBe(false);
    expect(isAllowedExternalUrl('https://user:pw@github.com/')).toBe(false);
  });
});
