import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeEventLog,
  encodeAbiParameters,
  encodeEventTopics,
  getAddress,
  type Abi,
  type AbiEvent,
  type AbiParameter,
  type Hex,
  type Log,
} from 'viem';
import * as abis from '@aiamarket/shared/abis';
import { decodeLog } from '../../src/chain/event-decoder.js';

type Param = AbiParameter & { indexed?: boolean; components?: readonly Param[] };

const hex = (bytes: number) =>
  fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => Buffer.from(b).toString('hex'));

/** Any value of an ABI type, edge values often (0, the largest). */
function valueOf(p: Param): fc.Arbitrary<unknown> {
  const array = /^(.*)\[(\d*)\]$/.exec(p.type);
  if (array) {
    const item = valueOf({ ...p, type: array[1]! });
    const n = array[2] ? Number(array[2]) : undefined;
    return fc.array(item, n === undefined ? { maxLength: 4 } : { minLength: n, maxLength: n });
  }
  if (p.type === 'tuple') {
    const parts = (p.components ?? []).map(valueOf);
    return fc
      .tuple(...parts)
      .map((values) =>
        p.components!.every((c) => c.name)
          ? Object.fromEntries(p.components!.map((c, i) => [c.name, values[i]]))
          : values,
      );
  }
  if (p.type === 'address') return hex(20).map((h) => getAddress(`0x${h}`));
  if (p.type === 'bool') return fc.boolean();
  if (p.type === 'string') return fc.string({ maxLength: 40 });
  if (p.type === 'bytes')
    return fc
      .integer({ min: 0, max: 70 })
      .chain((n) => hex(n))
      .map((h) => `0x${h}`);
  const bytes = /^bytes(\d+)$/.exec(p.type);
  if (bytes) return hex(Number(bytes[1])).map((h) => `0x${h}`);
  const int = /^(u?)int(\d*)$/.exec(p.type);
  if (!int) throw new Error(`no generator for ${p.type}`);
  const bits = BigInt(int[2] || 256);
  const [min, max] = int[1]
    ? [0n, (1n << bits) - 1n]
    : [-(1n << (bits - 1n)), (1n << (bits - 1n)) - 1n];
  return fc
    .oneof(fc.constantFrom(min, max, 0n), fc.bigInt({ min, max }))
    .map((v) => (bits <= 48n ? Number(v) : v));
}

/** Every event of the generated ABIs, with the ABI it comes from. */
const events = Object.entries(abis as unknown as Record<string, Abi>)
  .filter(([, abi]) => Array.isArray(abi))
  .flatMap(([name, abi]) =>
    abi
      .filter((item): item is AbiEvent => item.type === 'event' && !item.anonymous)
      .map((event) => ({ name: `${name}.${event.name}`, abi, event })),
  );

/** A log of `event` with `values`, as a node returns it. */
function logOf(event: AbiEvent, values: unknown[]): Log {
  const inputs = event.inputs as readonly Param[];
  const indexed = Object.fromEntries(
    inputs.flatMap((p, i) => (p.indexed ? [[p.name!, values[i]]] : [])),
  );
  const topics = encodeEventTopics({
    abi: [event],
    eventName: event.name,
    args: indexed,
  } as never) as Hex[];
  const dataInputs = inputs.filter((p) => !p.indexed);
  const data = encodeAbiParameters(
    dataInputs,
    inputs.flatMap((p, i) => (p.indexed ? [] : [values[i]])),
  );
  return { topics, data } as unknown as Log;
}

/** What viem's strict decodeEventLog answers, null where it throws. */
function viem(abi: Abi, log: Log) {
  try {
    return decodeEventLog({ abi, data: log.data, topics: log.topics, strict: true });
  } catch {
    return null;
  }
}

/** The same log altered as a broken or hostile contract could emit it. */
const mutation = fc.oneof(
  fc.constant('dropTopic' as const),
  fc.constant('truncateData' as const),
  fc.constant('extraWord' as const),
  fc.constant('upperSelector' as const),
  fc.record({ dirtyTopic: fc.nat() }),
  fc.record({ word: fc.nat(), value: hex(32) }),
  fc.record({ word: fc.nat(), small: fc.integer({ min: 0, max: 300 }) }),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(log: Log, m: Mutation): Log {
  const topics = [...log.topics] as Hex[];
  let data = log.data;
  const words = (data.length - 2) / 64;
  const setWord = (i: number, w: string) => {
    data = `${data.slice(0, 2 + 64 * i)}${w}${data.slice(66 + 64 * i)}` as Hex;
  };
  if (m === 'dropTopic') topics.pop();
  else if (m === 'truncateData') data = data.slice(0, Math.max(2, data.length - 64)) as Hex;
  else if (m === 'extraWord') data = `${data}${'0'.repeat(63)}7` as Hex;
  else if (m === 'upperSelector') topics[0] = `0x${topics[0]!.slice(2).toUpperCase()}` as Hex;
  else if ('dirtyTopic' in m) {
    const i = 1 + (m.dirtyTopic % Math.max(1, topics.length - 1));
    if (topics[i]) topics[i] = `0x${'f'.repeat(24)}${topics[i]!.slice(26)}` as Hex;
  } else if (words > 0) {
    const i = m.word % words;
    const w = 'value' in m ? m.value : m.small.toString(16).padStart(64, '0');
    setWord(i, w);
  }
  return { topics, data } as unknown as Log;
}

describe('decodeLog (event logs decoded as viem decodes them)', () => {
  it('covers every event of the generated ABIs', () => {
    expect(events.length).toBeGreaterThan(40);
  });

  for (const { name, abi, event } of events) {
    const args = fc.tuple(...(event.inputs as readonly Param[]).map(valueOf));

    it(`${name}: the same answer as viem for any well-formed log`, () => {
      fc.assert(
        fc.property(args, (values) => {
          const log = logOf(event, values);
          const expected = viem(abi, log);
          expect(expected).not.toBeNull();
          expect(decodeLog(abi, log)).toStrictEqual(expected);
        }),
        { numRuns: 60 },
      );
    });

    it(`${name}: the same answer as viem for a malformed log (null where viem throws)`, () => {
      fc.assert(
        fc.property(args, mutation, (values, m) => {
          const log = mutate(logOf(event, values), m);
          expect(decodeLog(abi, log)).toStrictEqual(viem(abi, log));
        }),
        { numRuns: 60 },
      );
    });
  }

  it('answers null for a log of an event the ABI lacks, or with no topic', () => {
    const transfer = { topics: [], data: '0x' } as unknown as Log;
    expect(decodeLog(abis.gameItems721Abi, transfer)).toBeNull();
    const other = { topics: [`0x${'ab'.repeat(32)}`], data: '0x' } as unknown as Log;
    expect(decodeLog(abis.gameItems721Abi, other)).toBeNull();
  });
});
