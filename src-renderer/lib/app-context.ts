import { createContext, useContext } from 'react';
import type { Settings } from '../../src-main/ipc/contract';
import { DEFAULT_SETTINGS } from '../../src-main/ipc/contract-settings';

/** Used until `settings:get` answers, and if it cannot. */
export { DEFAULT_SETTINGS };

/** Whether the page in the main area has its data: e2e tests wait for `ready`. */
export type PageState = 'loading' | 'ready' | 'error';

export interface AppContextValue {
  settings: Settings;
  /** Shows an error in the banner at the top of the page. */
  reportError: (error: unknown) => void;
  /** The current page says when its data has loaded. */
  setPageState: (state: PageState) => void;
}

export const AppContext = createContext<AppContextValue>({
  settings: DEFAULT_SETTINGS,
  reportError: () => undefined,
  setPageState: () => undefined,
});

/** Settings, the error banner and the page-ready marker, for any component. */
export function useApp(): AppContextValue {
  return useContext(AppContext);
}
