import { contextBridge, ipcRenderer } from 'electron';
import { buildBridge } from './bridge';

// Exactly the contract, the desktop channels and the menu events (see bridge.ts).
contextBridge.exposeInMainWorld('cardwise', buildBridge(ipcRenderer));
