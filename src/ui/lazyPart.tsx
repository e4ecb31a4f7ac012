// Parts of the page most visits never show (the review step, the Left-alone and Hidden-items lists, the read-only
// check), or that the landing screen never needs (the windowed asset grid), load in their own chunks, not with the
// page: the first screen's JavaScript stays within its budget (docs/ARCHITECTURE.md, "First view").
import { type ComponentType, type FunctionComponent, useEffect, useReducer, useState } from 'react';

export interface LazyPart<P> extends FunctionComponent<P> {
  /** Starts loading now (e.g. while the data the part will show is still on its way); one load however often called. */
  preload(): Promise<ComponentType<P>>;
}

/**
 * A component whose code `load` fetches on its first render (or on `preload`); it shows nothing until the code has
 * arrived, and renders at once when it has. A failed load reaches the error boundary, as React.lazy's would, and is
 * tried again on the next mount.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        pending = null;
        throw err;
      },
    ));
  function Part(props: P) {
    const [, arrived] = useReducer((n: number) => n + 1, 0);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (loaded) return;
      let mounted = true;
      preload().then(
        () => mounted && arrived(),
        (error: unknown) => mounted && setFailure({ error }),
      );
      return () => {
        mounted = false;
      };
    }, []);
    if (failure) throw failure.error;
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : null;
  }
  return Object.assign(Part, { preload });
}
