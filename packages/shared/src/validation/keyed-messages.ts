/** A message and the i18n key under which the web app translates it. */
export interface KeyedMessage<M extends string = string, K extends string = string> {
  readonly message: M;
  readonly key: K;
}

/**
 * Messages whose i18n key is their name under `prefix` (`validation.fieldRequired`): each name is
 * written once, so a key cannot drift from its message's name.
 */
export function keyedMessages<const P extends string, const T extends Record<string, string>>(
  prefix: P,
  messages: T,
): { readonly [N in keyof T & string]: KeyedMessage<T[N], `${P}.${N}`> } {
  return Object.fromEntries(
    Object.entries(messages).map(([name, message]) => [
      name,
      { message, key: `${prefix}.${name}` },
    ]),
  ) as never;
}

/** The i18n key of `message` in `table` (undefined for other text). */
export function keyOfMessage(
  table: Readonly<Record<string, KeyedMessage>>,
  message: string,
): string | undefined {
  return Object.values(table).find((m) => m.message === message)?.key;
}
