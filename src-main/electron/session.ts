import { session } from 'electron';
import { SECURITY_HEADERS } from '../http/policy';
import { devContentSecurityPolicy } from './security';

/**
 * App-wide session rules, set once: the one CSP on every http(s) response too (app:// pages
 * carry it from app-protocol.ts), and no permission granted, requested or merely checked
 * (camera, notifications, clipboard reads, HID/USB/serial devices…).
 */
export function secureSession(devServerUrl?: string): void {
  const shared = SECURITY_HEADERS['Content-Security-Policy']!;
  const policy = devServerUrl ? devContentSecurityPolicy(shared, devServerUrl) : shared;
  const defaultSession = session.defaultSession;
  defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
  defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  defaultSession.setPermissionCheckHandler(() => false);
  defaultSession.setDevicePermissionHandler(() => false);
}
