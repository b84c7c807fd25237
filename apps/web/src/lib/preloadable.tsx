import { lazy, useState, type ComponentType } from 'react';

export type TPreloadable<P> = ComponentType<P> & {
  /** Starts loading the component's chunk (once); resolves when it is here. */
  preload: () => Promise<unknown>;
};

/**
 * A component in a chunk of its own, as with `React.lazy`, except that it renders at once where
 * its chunk has already loaded: `lazy` suspends on its first render whatever happened before. A
 * page hydrating HTML the server rendered loads the chunks of the parts that HTML shows first, so
 * that hydration finds them and nothing suspends; a boundary still waiting for its code when the
 * page updates around it would be thrown away and drawn again, its fallback in between
 * (decision 0020). Anywhere else it behaves as `lazy`.
 */
export function preloadable<P extends object>(name: string, load: () => Promise<ComponentType<P>>): TPreloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    // Chosen once per place: switching from one to the other would mount what is inside again.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  Preloadable.displayName = name;
  return Object.assign(Preloadable, { preload });
}
