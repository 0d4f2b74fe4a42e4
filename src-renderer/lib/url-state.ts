import { useEffect, useState } from 'react';
import type { SessionStore } from './session-store';
import { splitTokenFragment } from './token-fragment';
import { routeOf } from './use-hash-route';
import { whenIdle } from './scheduling';

/**
 * One form a page keeps in its address (`#/compare?model=llama-2-7b&method=qlora&tokens=50m`):
 * its store, the values it starts from (left out of the address), a prefix that keeps two forms'
 * keys apart (`plan.gpus` beside the estimate's `gpus`), how to make a linked form safe, and the
 * first field of a form that cannot be sent (a link's bad value falls back to its default).
 */
export interface UrlBinding<T extends object> {
  store: SessionStore<T>;
  defaults: T;
  prefix: string;
  revive: (saved: unknown) => T;
  badField?: (form: T) => keyof T | undefined;
  /**
   * Sets one value as the form's own control does, with the values that follow it (the Estimate form's precision
   * follows its method): a link's values are set one after another in its order. Without it they are copied over.
   */
  apply?: (form: T, key: keyof T, value: unknown) => T;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bindings of forms of any shape
export type AnyBinding = UrlBinding<any>;

/** The query of a route hash (`#/compare?a=1` or `#token=…#/compare?a=1`); empty when none. */
export function routeQuery(hash: string): URLSearchParams {
  const route = splitTokenFragment(hash)?.rest ?? hash;
  const at = route.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : route.slice(at + 1));
}

/** A form's values as text, keyed for the address: only those that differ from its defaults. */
export function formQuery(form: object, binding: AnyBinding, into = new URLSearchParams()): URLSearchParams {
  const defaults = binding.defaults as Record<string, unknown>;
  for (const [key, value] of Object.entries(form)) {
    if (value === defaults[key] || !(key in defaults)) continue;
    into.set(`${binding.prefix}${key}`, String(value));
  }
  return into;
}

/** A linked form and the keys of the address that were not used as given. */
export interface LinkedForm<T> {
  form: T;
  /** Address keys that name no field, or whose value was not valid and fell back to the default. */
  rejected: string[];
}

/**
 * The form an address spells: its values over the defaults (a value in the wrong type — "true"
 * for a switch — is read as that type), made safe by `revive`; a value `revive` drops or that
 * `badField` names falls back to the default and is reported, never guessed.
 */
export function formFromQuery<T extends object>(query: URLSearchParams, binding: UrlBinding<T>): LinkedForm<T> | null {
  const defaults = binding.defaults as Record<string, unknown>;
  const given: Record<string, unknown> = {};
  const rejected: string[] = [];
  for (const [name, text] of query) {
    if (!name.startsWith(binding.prefix)) continue;
    const key = name.slice(binding.prefix.length);
    if (binding.prefix === '' && key.includes('.')) continue;
    if (!(key in defaults)) {
      rejected.push(name);
      continue;
    }
    given[key] = typeof defaults[key] === 'boolean' ? (text === 'true' ? true : text === 'false' ? false : text) : text;
  }
  if (Object.keys(given).length === 0 && rejected.length === 0) return null;
  const { apply } = binding;
  const applied = apply
    ? Object.entries(given).reduce((f, [key, value]) => apply(f, key as keyof T, value), binding.defaults)
    : { ...defaults, ...given };
  const form = binding.revive(applied) as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (form[key] !== given[key]) rejected.push(`${binding.prefix}${key}`);
  }
  // A value of the right type that the contract refuses (batchSize=-3): back to the default, one field at a time.
  for (let i = 0; i < Object.keys(defaults).length; i += 1) {
    const bad = binding.badField?.(form as T) as string | undefined;
    if (bad === undefined || !(bad in given) || form[bad] === defaults[bad]) break;
    form[bad] = defaults[bad];
    rejected.push(`${binding.prefix}${bad}`);
  }
  return { form: form as T, rejected };
}

/**
 * Fills the stores of a page's forms from the address (a link, or a reload), as the page does when it opens;
 * returns the address keys that were not used as given.
 */
function fillFromAddress(bindings: readonly AnyBinding[]): string[] {
  const query = routeQuery(window.location.hash);
  const rejected: string[] = [];
  for (const binding of bindings) {
    const linked = formFromQuery(query, binding);
    if (!linked) continue;
    binding.store.set(linked.form);
    rejected.push(...linked.rejected);
  }
  return rejected;
}

/** The longest an address rewrite waits for an idle moment, ms. */
const IDLE_DEADLINE_MS = 500;

/**
 * Keeps a page's forms in its address: a link (or a reload) fills them once when the page opens,
 * then every change rewrites the address in place just after it is painted (no new history entry,
 * no hashchange), so the address bar holds a link to what is on screen. Returns the address keys a link gave that
 * were not valid (for a notice); empty when all were used.
 */
export function useUrlState(page: string, bindings: readonly AnyBinding[]): string[] {
  const [rejected, setRejected] = useState<string[]>(() => fillFromAddress(bindings));
  useEffect(() => {
    // A link opened while its page is on screen (pasted into the address bar): the browser changes only the hash,
    // and the page fills its forms from it as when it opens. The page's own rewrites (replaceState) fire no event.
    const onHashChange = () => {
      const hash = window.location.hash;
      if (routeOf(hash, '') === page && routeQuery(hash).toString() !== '') setRejected(fillFromAddress(bindings));
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [page, bindings]);
  useEffect(() => {
    let pending = false;
    const write = () => {
      pending = false;
      // Another page's address by now (a link was followed): it is not this page's to rewrite.
      const route = window.location.hash.split('?')[0];
      if (route !== `#/${page}` && route !== '' && route !== '#/') return;
      const query = new URLSearchParams();
      for (const binding of bindings) formQuery(binding.store.get(), binding, query);
      const text = query.toString();
      const hash = `#/${page}${text ? `?${text}` : ''}`;
      if (window.location.hash !== hash) window.history.replaceState(window.history.state, '', hash);
    };
    // Rewritten when the page is idle, not in the input's frame nor in the one that paints its answer:
    // replaceState costs milliseconds of the main thread. A reload takes the address as it is when it
    // starts (a pagehide write is too late), so the address may lag by the answer's frames (at most
    // IDLE_DEADLINE_MS), never by a typing pause.
    const later = () => {
      if (pending) return;
      pending = true;
      whenIdle(write, IDLE_DEADLINE_MS);
    };
    write();
    const stops = bindings.map((binding) => binding.store.subscribe(later));
    return () => {
      if (pending) write();
      stops.forEach((stop) => stop());
    };
  }, [page, bindings]);
  return rejected;
}
