// A component in its own browser chunk, for what a screen renders only sometimes (a record's page
// under a dialog opened from it): the screen's first load does not carry it. The server loads it
// at start-up, so its render never suspends (no-JS pages arrive whole). In the browser the first
// render that needs it suspends until its chunk has arrived, without a Suspense boundary of its
// own: hydration and Remix's navigations run in transitions, so React keeps what is on screen (the
// server's markup, the page being left) meanwhile instead of showing an empty fallback.
import { createElement, lazy, type FunctionComponent } from "react";

export function lazyComponent<P extends object>(load: () => Promise<FunctionComponent<P>>): FunctionComponent<P> {
  let Loaded: FunctionComponent<P> | null = null;
  const keep = () =>
    load().then((component) => {
      Loaded = component;
      return component;
    });
  // React types a lazy component apart from a plain one; it takes the same props.
  const Lazy = lazy(() => keep().then((component) => ({ default: component }))) as unknown as FunctionComponent<P>;
  if (typeof document === "undefined") void keep();
  return function LazyComponent(props: P) {
    return createElement(Loaded ?? Lazy, props);
  };
}
