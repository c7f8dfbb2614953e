import type { ComponentType, ReactNode } from 'react';
import { describeThrown } from './ToolRenderBoundary.js';

/**
 * A custom tool renderer that cannot throw a hostile value into React.
 *
 * Why: React reads `.then` of whatever a component throws (to tell a suspending promise from an
 * error) before any error boundary sees it. A revoked Proxy, or a Proxy whose `get` trap throws,
 * makes that read throw inside React's work loop, and React unmounts the whole root — no boundary
 * can catch it. So a function component's render is run here, inside a try: a thrown value whose
 * `.then` cannot be read is replaced by an `Error` describing it (as far as it can be described),
 * which the call's `ToolRenderBoundary` then shows. Everything else (errors, promises, React's
 * own `use()` signal) is rethrown untouched, so Suspense works as before.
 *
 * The renderer's hooks run as this wrapper's hooks: one wrapper per renderer (see
 * {@link guardRenderer}), so a different renderer is a different component and remounts. Class
 * components and `memo` / `forwardRef` / `lazy` objects are rendered as they are (React calls them).
 */
export function guardRenderer<Props extends object>(Renderer: ComponentType<Props>): ComponentType<Props> {
  if (!isPlainFunctionComponent(Renderer)) return Renderer;
  let guarded = guardedByRenderer.get(Renderer) as ComponentType<Props> | undefined;
  if (!guarded) {
    guarded = function GuardedToolRenderer(props: Props): ReactNode {
      try {
        return Renderer(props);
      } catch (thrown) {
        throw safeThrown(thrown);
      }
    };
    guardedByRenderer.set(Renderer, guarded as ComponentType<never>);
  }
  return guarded;
}

const guardedByRenderer = new WeakMap<object, ComponentType<never>>();

function isPlainFunctionComponent<Props>(Renderer: ComponentType<Props>): Renderer is (props: Props) => ReactNode {
  if (typeof Renderer !== 'function') return false;
  const prototype = (Renderer as { prototype?: { isReactComponent?: unknown } }).prototype;
  return !prototype?.isReactComponent;
}

/** Error thrown in place of a value React could not look at. */
export class HostileThrowError extends Error {
  override name = 'HostileThrowError';
}

/** `thrown` when React can read its `.then`, else an `Error` saying what it was. */
export function safeThrown(thrown: unknown): unknown {
  if (thrown === null || (typeof thrown !== 'object' && typeof thrown !== 'function')) return thrown;
  try {
    void (thrown as { then?: unknown }).then;
    return thrown;
  } catch {
    return new HostileThrowError(`the renderer threw ${describeThrown(thrown)}`);
  }
}
