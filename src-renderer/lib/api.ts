import type { Channel } from '../../src-main/ipc/channels';
import type { CardwiseBridge } from '../cardwise';
import { msg, type Message } from '../../src-main/domain/messages/message';
import type { ChannelInput, ChannelOutput } from '../../src-main/ipc/contract';
// errors.ts, not the contract: the contract's schemas (zod) stay out of the first chunk.
import { errorDetail, type ContractError, type ErrorCode, type Result } from '../../src-main/ipc/contract-errors';
import { splitTokenFragment } from './token-fragment';

/** A `{ ok: false }` answer from the backend, or a transport failure (code `internal`). */
export class ApiError extends Error {
  /** Dotted path of the input field at fault, when the backend names one. */
  readonly field: string | undefined;
  /** What to tell the user, in their language (`message` is the backend's English, for the console). */
  readonly detail: Message;
  /** Every bad row of a refused import file. */
  readonly issues: ContractError['issues'];

  constructor(
    readonly code: ErrorCode,
    message: string,
    error: Partial<Pick<ContractError, 'field' | 'detail' | 'issues'>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.field = error.field;
    this.detail = error.detail ?? errorDetail({ code });
    this.issues = error.issues;
  }

  static from(error: ContractError): ApiError {
    return new ApiError(error.code, error.message, { ...error, detail: errorDetail(error) });
  }
}

type Transport = <C extends Channel>(channel: C, input: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>;

const TOKEN_KEY = 'cardwise.token';

/**
 * Reads the per-launch token from the URL fragment that `cardwise serve` prints, keeps it for
 * this tab (session storage: it ends with the tab and is never sent as a cookie) and removes it
 * from the address bar so it is not bookmarked or shared by accident.
 */
function takeToken(): string | null {
  const fromUrl = splitTokenFragment(window.location.hash);
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl.token);
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', pathname + search + fromUrl.rest);
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

function electronTransport(bridge: CardwiseBridge): Transport {
  return (channel, input) => bridge[channel](input);
}

function httpTransport(token: string | null): Transport {
  return async <C extends Channel>(channel: C, input: ChannelInput<C>) => {
    const response = await fetch('/api/' + channel, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + (token ?? '') },
      body: JSON.stringify(input ?? {}),
    });
    // Error statuses carry a Result body too; anything else is a transport failure.
    const body: unknown = await response.json().catch(() => null);
    if (body && typeof body === 'object' && 'ok' in body) return body as Result<ChannelOutput<C>>;
    return { ok: false, error: { code: 'internal', message: `HTTP ${response.status} ${response.statusText}`.trim() } };
  };
}

/** The input may be left out for channels that take none (`cards:list`, `settings:get`). */
type InputArgs<C extends Channel> =
  undefined extends ChannelInput<C> ? [input?: ChannelInput<C>] : [input: ChannelInput<C>];

let transport: Transport | null = null;

function getTransport(): Transport {
  transport ??= window.cardwise ? electronTransport(window.cardwise) : httpTransport(takeToken());
  return transport;
}

/** Picks the transport now, so the token leaves the address bar before anything renders. */
export function initApi(): void {
  getTransport();
}

/**
 * Calls one contract channel and returns its data; throws `ApiError` when the backend
 * answers `{ ok: false }` or cannot be reached.
 */
export async function call<C extends Channel>(channel: C, ...args: InputArgs<C>): Promise<ChannelOutput<C>> {
  let result: Result<ChannelOutput<C>>;
  try {
    result = await getTransport()(channel, args[0] as ChannelInput<C>);
  } catch (cause) {
    throw new ApiError('internal', cause instanceof Error ? cause.message : String(cause), {
      detail: msg('error.unreachable'),
    });
  }
  if (result.ok) return result.data;
  throw apiError(result.error);
}

/** The thrown form of a refusal (also for the desktop channels, lib/desktop.ts). */
export function apiError(error: ContractError): ApiError {
  return ApiError.from(error);
}
