import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedFor, seedOf } from './fast-check-seed.js';
// The setup file the contracts and server packages use: it must seed this file's tests too.
import './fast-check-setup.js';

const int32 = (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31;

describe('fast-check seeds', () => {
  it('a test name gives the same 32-bit seed every time, and another name another one', () => {
    const name = 'test/properties-market.test.ts > Marketplace properties > random';
    expect(seedOf(name)).toBe(seedOf(name));
    expect(int32(seedOf(name))).toBe(true);
    expect(seedOf(`${name} `)).not.toBe(seedOf(name));
    // FNV-1a reference values (offset basis for '', and 'a')
    expect(seedOf('')).toBe(0x811c9dc5 | 0);
    expect(seedOf('a')).toBe(0xe40c292c | 0);
  });

  it('FC_SEED: unset is the name seed, "random" a fresh one, a number replays with FC_PATH', () => {
    expect(seedFor('x', {})).toEqual({ seed: seedOf('x') });
    expect(seedFor('x', { FC_SEED: ' ' })).toEqual({ seed: seedOf('x') });
    const random = seedFor('x', { FC_SEED: 'random', FC_PATH: '1:2' });
    expect(int32(random.seed)).toBe(true);
    expect(random.path).toBeUndefined();
    expect(seedFor('x', { FC_SEED: '-42', FC_PATH: '3:0:1' })).toEqual({
      seed: -42,
      path: '3:0:1',
    });
    expect(seedFor('x', { FC_SEED: '2147483647' })).toEqual({ seed: 2147483647 });
  });

  it('FC_SEED that is not a 32-bit integer is refused with a clear error', () => {
    for (const bad of ['abc', '1.5', '2147483648', '-2147483649', '0x10']) {
      expect(() => seedFor('x', { FC_SEED: bad }), bad).toThrow(/FC_SEED must be/);
    }
  });

  it.skipIf(process.env.FC_SEED)(
    'the setup file runs every property of a test with its seed',
    ({ task }) => {
      const details = fc.check(fc.property(fc.nat(), () => true));
      expect(details.seed).toBe(seedOf(task.fullName));
      expect(details.failed).toBe(false);
    },
  );
});
