import type { BlockIdentity } from '../../types.js';
import { JsonTracker } from '../json/tracker.js';
import { CallWatcher } from '../json/watcher.js';

/**
 * The first call's name (and id) of a JSON body of calls — one call object or a list of them,
 * `[{"name": …, "arguments": …}, …]`, in any of the forms {@link readJsonBody} and `jsonCalls`
 * read — once it can no longer change, for a {@link MarkedSyntaxSpec.identity}: a flat call's
 * name settles at its closing quote (its id counts only when written before it), a wrapped
 * call's (`{"function": {"name": …}}`) at its id or when its object closes. The json syntax
 * settles its identity by the same watcher, so the stream announces these bodies alike.
 */
export function jsonCallIdentity(body: string): BlockIdentity | undefined {
  const watcher = new CallWatcher();
  const tracker = new JsonTracker(watcher);
  watcher.attach(tracker.frames);
  tracker.feed(body, 0, body.length);
  return watcher.identity();
}
