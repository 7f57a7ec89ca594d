import {
  BaseError,
  HttpRequestError,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
} from 'viem';

/** True when a viem failure means the RPC node did not answer (not that a call reverted). */
export function isChainUnreachable(err: unknown): boolean {
  if (!(err instanceof BaseError)) return false;
  return Boolean(
    err.walk(
      (e) =>
        e instanceof HttpRequestError ||
        e instanceof TimeoutError ||
        e instanceof SocketClosedError ||
        e instanceof WebSocketRequestError,
    ),
  );
}
