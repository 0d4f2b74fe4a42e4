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
  it('refuses other pages of the same folder and non-page schemes', () => {
    for (const url of [
      'file:///opt/cardwise/out/renderer/other.html',
      'file:///opt/cardwise/out/renderer/index.html/../other.html',
      'file:///opt/cardwise/out/renderer/%69ndex.html',
      'data:text/html,<script>alert(1)</script>',
      'blob:file:///6f1c2d3e',
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
    expect(isAllowedExternalUrl('https://huggingface.co@evil.example/')).toBe(false);
    expect(isAllowedExternalUrl('https://evil.example#@github.com')).toBe(false);
    expect(isAllowedExternalUrl('https://github.com./')).toBe(false);
    expect(isAllowedExternalUrl('data:text/html,hi')).toBe(false);
  });
});

describe('isTrustedRendererUrl, found by the trust review', () => {
  it('refuses our own path on another host (a UNC path on Windows)', () => {
    expect(isTrustedRendererUrl('file://evil-host/opt/cardwise/out/renderer/index.html', index)).toBe(false);
  });
  it('refuses blob: URLs of the dev origin', () => {
    expect(isTrustedRendererUrl('blob:http://localhost:5173/1234', index, 'http://localhost:5173')).toBe(false);
  });
});
