/** A Chromium for the e2e tests and the bench (see find-chromium.js). */
export function findChromium(): Promise<string | null>;
export function installChromiumWithApt(log: (line: string) => void): boolean;
/** The flags every Chromium this project drives starts with. */
export const CHROMIUM_FLAGS: readonly string[];
