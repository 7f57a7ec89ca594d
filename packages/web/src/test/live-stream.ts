import { LiveStream, setLiveStream, type EventSourceLike } from '../lib/live/stream';

/**
 * A live stream on a fake EventSource, set as the page's stream: `urls` are the ones it opened,
 * `emit(type, data)` delivers an event of that type to the open source.
 */
export function fakeLiveStream() {
  const urls: string[] = [];
  let emit: (type: string, data: unknown) => void = () => undefined;
  const stream = new LiveStream({
    debounceMs: 0,
    factory: (url) => {
      urls.push(url);
      const listeners = new Map<string, (e: MessageEvent<string>) => void>();
      emit = (type, data) =>
        listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
      const source: EventSourceLike = {
        readyState: 1,
        onopen: null,
        onerror: null,
        close() {},
        addEventListener: (type, l) => listeners.set(type, l),
      };
      return source;
    },
  });
  setLiveStream(stream);
  return { stream, urls, emit: (type: string, data: unknown) => emit(type, data) };
}
