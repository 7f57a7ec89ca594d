/** The subset of a pino logger the indexer uses. */
export interface IndexerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export const silentLogger: IndexerLogger = { info() {}, warn() {}, error() {}, debug() {} };
