// A component in its own browser chunk, for what a screen renders only sometimes (a record's page
// under a dialog opened from it): the screen's first load does not carry it. The server loads it
// at start-up, so its render never suspends (no-JS pages arrive whole). In the browser it sits in
// a Suspense boundary: on a first load the server's markup stays until its chunk has arrived and
// then hydrates. A route that may show it calls `preload()` in its clientLoader, so a navigation
// renders it at once instead of an empty fallback.
import { createElement, lazy, Suspense, type FunctionComponent } from "react";

export type LazyComponent<P> = FunctionComponent<P> & { preload: () => Promise<unknown> };

export function lazyComponent<P extends object>(load: () => Promise<FunctionComponent<P>>): LazyComponent<P> {
  let Loaded: FunctionComponent<P> | null = null;
  const keep = () =>
    load().then((component) => {
      Loaded = component;
      return component;
    });
  // React types a lazy component apart from a plain one; it takes the same props.
  const Lazy = lazy(() => keep().then((component) => ({ default: component }))) as unknown as FunctionComponent<P>;
  if (typeof document === "undefined") void keep();
  function LazyComponent(props: P) {
    return <Suspense fallback={null}>{createElement(Loaded ?? Lazy, props)}</Suspense>;
  }
  return Object.assign(LazyComponent, { preload: () => (Loaded ? Promise.resolve() : keep()) });
}
