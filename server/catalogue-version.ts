/**
 * The catalogue version as the server sees it (decision 023): read from the
 * database before answering from any of its caches, one read shared by the
 * requests in flight. Without a database (proxy mode) it never moves.
 */
export type VersionReader = () => Promise<string>;

export function sharedVersionReader(read: (() => Promise<string>) | undefined): VersionReader {
  if (!read) return () => Promise.resolve('');
  let reading: Promise<string> | undefined;
  return () => (reading ??= read().finally(() => (reading = undefined)));
}
