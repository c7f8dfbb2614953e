/** Protocols a link or image may use in a rendered page: the ones react-markdown allows by default. */
const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;

/** Properties of hast elements that hold a URL a browser follows or loads. */
const URL_PROPERTIES = ['href', 'src'] as const;

/**
 * `url` when it is relative or uses a safe protocol, else `''` (a `javascript:` or `data:` link
 * becomes inert). The same rule as react-markdown's `defaultUrlTransform`: a colon counts as a
 * protocol only before any `/`, `?` or `#`.
 */
export function safeUrl(url: string): string {
  const colon = url.indexOf(':');
  if (colon === -1) return url;
  for (const char of ['/', '?', '#']) {
    const at = url.indexOf(char);
    if (at !== -1 && colon > at) return url;
  }
  return SAFE_PROTOCOL.test(url.slice(0, colon)) ? url : '';
}

interface HastLike {
  type?: string;
  properties?: Record<string, unknown>;
  children?: HastLike[];
}

/**
^ * A rehype plugin for pages built from transcripts (exported from `tool-transcript/remark`; the CLI uses it): clears `href` and `src` values with an unsafe protocol,
 * so a transcript's `[x](javascript:…)` cannot run script in the page. (Raw HTML never gets this
 * far: remark-rehype drops it.)
 */
export function rehypeSafeUrls() {
  return (tree: HastLike): undefined => {
    const stack: HastLike[] = [tree];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      const properties = node.type === 'element' ? node.properties : undefined;
      if (properties) {
        for (const name of URL_PROPERTIES) {
          const value = properties[name];
          if (typeof value === 'string') properties[name] = safeUrl(value.trim());
        }
      }
      if (node.children) for (const child of node.children) stack.push(child);
    }
    return undefined;
  };
}
