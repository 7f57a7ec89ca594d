import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { interpretSchemas } from '../src/schema-runtime.js';

describe('interpretSchemas', () => {
  it("turns zod's compiled parsers off (no `new Function` probe under the app's CSP)", () => {
    expect(z.config().jitless).not.toBe(true);
    interpretSchemas();
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  });
});
