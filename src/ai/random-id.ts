/**
 * `length` random base-36 characters from the Web Crypto API (Node >= 20 and every browser):
 * the route's per-response id prefix and the middleware's call ids.
 */
export function randomBase36(length: number): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  for (const byte of bytes) id += (byte % 36).toString(36);
  return id;
}
