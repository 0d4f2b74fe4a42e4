import { contextBridge, ipcRenderer } from 'electron';
import { CHANNELS } from '../ipc/channels';

// Exactly the contract: one function per channel, nothing else. The main process parses
// every input, so the bridge only forwards a structured-clone of it.
const bridge = Object.fromEntries(
  CHANNELS.map((channel) => [channel, (input: unknown) => ipcRenderer.invoke(channel, input)]),
);

contextBridge.exposeInMainWorld('cardwise', Object.freeze(bridge));
