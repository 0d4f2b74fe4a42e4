/** Path of the Electron binary if present (see electron-binary.js). */
export function findElectronBinary(root: string): string | null;
