import { useCallback, useSyncExternalStore } from 'react';

/** Where a store keeps its value: sessionStorage in the app, a map in tests. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** A value shared by every component that reads it, kept in sessionStorage so a reload keeps it. */
export interface SessionStore<T> {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(onChange: () => void): () => void;
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can be switched off; the value then lives for this page only.
    return null;
  }
}

/**
 * A store under `key`. `revive` turns what was saved (any JSON, possibly from an older
 * version of the app) into a valid value, falling back field by field.
 */
export function createSessionStore<T>(
  key: string,
  revive: (saved: unknown) => T,
  storage: KeyValueStorage | null = browserStorage(),
): SessionStore<T> {
  let value: T | undefined;
  const listeners = new Set<() => void>();
  const read = (): T => {
    let saved: unknown = undefined;
    try {
      const text = storage?.getItem(key);
      saved = text ? JSON.parse(text) : undefined;
    } catch {
      saved = undefined;
    }
    return revive(saved);
  };
  return {
    get() {
      value ??= read();
      return value;
    },
    set(next) {
      const current = this.get();
      value = typeof next === 'function' ? (next as (current: T) => T)(current) : next;
      try {
        storage?.setItem(key, JSON.stringify(value));
      } catch {
        // Quota or privacy mode: keep the value in memory only.
      }
      for (const listener of listeners) listener();
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

/** Reads a store and re-renders when it changes; the setter accepts a value or an updater. */
export function useSessionStore<T>(store: SessionStore<T>): [T, (next: T | ((current: T) => T)) => void] {
  const value = useSyncExternalStore(store.subscribe, () => store.get());
  const set = useCallback((next: T | ((current: T) => T)) => store.set(next), [store]);
  return [value, set];
}

/**
 * Keeps the fields of `saved` whose type matches the same field of `fallback` (string,
 * number, boolean), and the fallback for the rest: a saved form from another version
 * can never put a wrong type into the app.
 */
export function reviveFlat<T extends object>(saved: unknown, fallback: T): T {
  if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return { ...fallback };
  const out: Record<string, unknown> = { ...(fallback as Record<string, unknown>) };
  for (const [key, base] of Object.entries(fallback)) {
    const candidate = (saved as Record<string, unknown>)[key];
    if (candidate !== undefined && typeof candidate === typeof base && candidate !== null) out[key] = candidate;
  }
  return out as T;
}
