/** A Chromium for the e2e tests and the bench (see find-chromium.js). */
export function findChromium(): Promise<string | null>;
export function installChromiumWithApt(log: (line: string) => void): boolean;
