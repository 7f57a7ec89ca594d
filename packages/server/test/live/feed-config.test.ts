// LIVE_FEED_RETENTION_HOURS: the change feed's retention window (pruned by the indexer's writer).
import { describe, expect, it } from 'vitest';
import { loadConfig, StartupError } from '../../src/config.js';

describe('change feed retention setting', () => {
  it('defaults to 24 hours and reads LIVE_FEED_RETENTION_HOURS', () => {
    expect(loadConfig({}).liveFeedRetentionHours).toBe(24);
    expect(loadConfig({ LIVE_FEED_RETENTION_HOURS: '0.5' }).liveFeedRetentionHours).toBe(0.5);
  });
  it.each(['0', '-3', 'soon', '9000'])('refuses %s with a message naming the variable', (v) => {
    expect(() => loadConfig({ LIVE_FEED_RETENTION_HOURS: v })).toThrow(StartupError);
    expect(() => loadConfig({ LIVE_FEED_RETENTION_HOURS: v })).toThrow(/LIVE_FEED_RETENTION_HOURS/);
  });
});
