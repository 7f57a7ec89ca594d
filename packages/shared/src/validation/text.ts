import type { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './messages.js';

/**
 * The characters a text input may never hold, whatever the field: NUL (PostgreSQL cannot store
 * it), the other C0 controls except tab, line feed and carriage return, DEL, the C1 controls, and
 * a lone UTF-16 surrogate (not Unicode text, it cannot be encoded as UTF-8).
 */
const NOT_TEXT =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A one-line field (names, keywords, links) also refuses tabs and line breaks of any kind. */
const LINE_BREAK_OR_TAB = /[\t\n\r\u2028\u2029]/;

/** True when `value` holds only characters a multi-line text (bio, description) may have. */
export function isText(value: string): boolean {
  return !NOT_TEXT.test(value);
}

/** True when `value` is text on one line: no control character, no tab or line break. */
export function isSingleLineText(value: string): boolean {
  return isText(value) && !LINE_BREAK_OR_TAB.test(value);
}

/** Refines a string schema to one line of text ('Can not use special characters' otherwise). */
export function singleLine<T extends z.ZodType<string, unknown>>(schema: T) {
  return schema.refine((v) => isSingleLineText(v), M.charactersInvalid.message);
}

/** Refines a string schema to multi-line text ('Can not use special characters' otherwise). */
export function multiLine<T extends z.ZodType<string, unknown>>(schema: T) {
  return schema.refine((v) => isText(v), M.charactersInvalid.message);
}

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let v = visit; v && v.key !== null; v = v.parent) path.push(v.key);
  return path.reverse();
}

/**
 * The path of the first string (a value or an object key) anywhere in `input` that is not text,
 * or null. Iterative, and paths are built only for the answer, so that a deeply nested body
 * costs linear time and cannot exhaust the stack.
 */
export function findNonText(input: unknown): (string | number)[] | null {
  const stack: Visit[] = [{ value: input, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (!isText(value)) return pathOf(visit);
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({ value: v, key: i, parent: visit }));
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (!isText(k)) return [...pathOf(visit), k];
        stack.push({ value: v, key: k, parent: visit });
      }
    }
  }
  return null;
}
