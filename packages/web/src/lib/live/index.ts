export {
  LiveStream,
  liveStream,
  setLiveStream,
  type EventSourceFactory,
  type ChannelLike,
  type EventSourceLike,
  type LiveShare,
  type LocksLike,
  type LiveStatus,
  type LiveSubscriber,
} from './stream';
export {
  orderStates,
  useLiveListings,
  useOrderGone,
  type OrderGone,
  type OrderRef,
} from './orders';
export { useLiveInvalidate, useLiveTopics } from './useLive';
export { waitForBlock } from './wait';
export { LivePaused, useLiveStatus } from './LivePaused';
