import type { Rolldown } from 'vite';

/**
 * How the browser build groups modules into chunks (P8: a public page loads at most 8 scripts and
 * 100 kB as transferred, headers included). Left alone, Rolldown gives every set of importers its
 * own chunk: each icon and small helper that two pages share became a request of about 1 kB, most
 * of it headers (the landing page loaded 22 scripts). Here, besides `react` (React and React DOM,
 * which every entry loads), the modules that several chunks share go into one chunk per part of
 * the site they serve:
 *
 * - `shared`: those both the public pages and the client's page use;
 * - `public-shared`, `share-shared`, `app-shared`: the others, each in the first of the public
 *   pages, the client's page and the app that uses it, so the public pages never load the client
 *   page's or the app's code, nor the client's page the app's (the app loads all four).
 *
 * A module joins its part's chunk when that part's first load fetches it anyway, or when it is
 * small. Larger modules only some screens use stay where Rolldown puts them, as does each page's
 * own code. A group also takes in what its modules import, so a module joins only if all it
 * imports has a group too; otherwise it is left to Rolldown.
 */
const PARTS = ['public', 'share', 'app'] as const;
type TPart = (typeof PARTS)[number];

/** Which part an entry (its HTML page or its script) belongs to. */
const partOfEntry = (id: string): TPart =>
  /[\\/]public(\.html|-main\.tsx)$/.test(id) ? 'public' : /[\\/]share(\.html|-main\.tsx)$/.test(id) ? 'share' : 'app';

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/** Script modules: a stylesheet stays with the chunk that imports it, whose page links it. */
const SCRIPT = /\.[cm]?[jt]sx?$/;
/** Rolldown's own helpers, which it always puts in a chunk of their own. */
const RUNTIME = /^\0rolldown[\\/]/;
/**
 * Vite's preload helper, which every module with an `import()` imports: left where Rolldown puts
 * it (beside the first scripts that use it) and not counted against its importers, or every
 * module that loads something lazily would stay out of the groups.
 */
const PRELOAD_HELPER = /^\0vite[\\/]preload-helper/;
/**
 * Our own modules and the icons: a library that only some screens use stays in Rolldown's chunks
 * (the dialogs' Radix code is not for every first load).
 */
const OWN_OR_ICON = /[\\/](apps[\\/]web[\\/]src|packages[\\/]shared[\\/]src|node_modules[\\/]lucide-react)[\\/]/;
/** Source length (after the TypeScript transform, before minifying) up to which a module counts as small. */
const SMALL = 7_000;

type TModule = Rolldown.ModuleInfo;

function classify(start: string, getModuleInfo: (id: string) => TModule | null): Map<string, string> {
  const modules = new Map<string, TModule>();
  const pending = [start];
  while (pending.length) {
    const id = pending.pop()!;
    if (modules.has(id)) continue;
    const info = getModuleInfo(id);
    if (!info) continue;
    modules.set(id, info);
    pending.push(...info.importers, ...info.dynamicImporters, ...info.importedIds, ...info.dynamicallyImportedIds);
  }
  /** A module a chunk starts from: an entry, or what an `import()` loads. */
  const isRoot = (m: TModule) => m.isEntry || m.dynamicImporters.length > 0;
  /** An entry (its HTML page), or the script that page loads. */
  const isEntryScript = (m: TModule | undefined) =>
    !!m && (m.isEntry || m.importers.some((i) => modules.get(i)?.isEntry));
  /**
   * What a part's every visit loads: its entry's static imports, and what the entry's script itself
   * loads with `import()` (the client's page loads its code, share-boot.tsx, once painted).
   */
  const isFirstLoad = (m: TModule) => m.isEntry || m.dynamicImporters.some((i) => isEntryScript(modules.get(i)));

  /** The modules matching `found` that reach `id` through its importers (and `import()`s, with `dynamic`), not past them. */
  const reachedFrom = (id: string, dynamic: boolean, found: (m: TModule) => boolean) => {
    const seen = new Set<string>();
    const out: TModule[] = [];
    const queue = [id];
    while (queue.length) {
      const m = modules.get(queue.pop()!);
      if (!m || seen.has(m.id)) continue;
      seen.add(m.id);
      if (found(m)) {
        out.push(m);
        if (m.id !== id) continue;
      }
      queue.push(...m.importers, ...(dynamic ? m.dynamicImporters : []));
    }
    return out;
  };
  /**
   * What an entry's script imports when that script loads the rest with `import()`: it is small on
   * purpose (the client's page is painted before its code loads, decision 0020), so it stays as written.
   */
  const deferring = new Set<string>();
  for (const script of modules.values()) {
    if (script.isEntry || !isEntryScript(script) || script.dynamicallyImportedIds.length === 0) continue;
    const queue = [...script.importedIds];
    while (queue.length) {
      const id = queue.pop()!;
      if (deferring.has(id)) continue;
      deferring.add(id);
      queue.push(...(modules.get(id)?.importedIds ?? []));
    }
  }
  /** The entries that reach `id`, with `import()`s or without. */
  const partsReaching = (id: string, dynamic: boolean) =>
    new Set(reachedFrom(id, dynamic, (m) => m.isEntry).map((e) => partOfEntry(e.id)));

  const groups = new Map<string, string>();
  for (const m of modules.values()) {
    if (REACT.test(m.id)) {
      groups.set(m.id, 'react');
      continue;
    }
    if (RUNTIME.test(m.id) || PRELOAD_HELPER.test(m.id) || !SCRIPT.test(m.id) || isRoot(m) || deferring.has(m.id))
      continue;
    // Only modules that more than one chunk would hold.
    if (reachedFrom(m.id, false, isRoot).length < 2) continue;
    const parts = partsReaching(m.id, true);
    const part = PARTS.find((p) => parts.has(p));
    if (!part) continue;
    const firstLoads = new Set(reachedFrom(m.id, false, isFirstLoad).flatMap((r) => [...partsReaching(r.id, true)]));
    if (!firstLoads.has(part) && !(OWN_OR_ICON.test(m.id) && (m.code ?? '').length <= SMALL)) continue;
    groups.set(m.id, parts.has('public') && parts.has('share') ? 'shared' : `${part}-shared`);
  }
  // Keep only modules whose imports all have a group: a group's chunk takes in its modules' imports.
  for (let changed = true; changed;) {
    changed = false;
    for (const [id, group] of groups) {
      if (group === 'react') continue;
      if (!modules.get(id)!.importedIds.every((d) => groups.has(d) || RUNTIME.test(d) || PRELOAD_HELPER.test(d))) {
        groups.delete(id);
        changed = true;
      }
    }
  }
  return groups;
}

/** `output.codeSplitting.groups` for the browser build (classified once per build, on first use). */
export function chunkGroups(): Rolldown.CodeSplittingGroup[] {
  let groups: Map<string, string> | null = null;
  const member = (group: string) => (id: string, ctx: Rolldown.ChunkingContext) => {
    groups ??= classify(id, (m) => ctx.getModuleInfo(m));
    return groups.get(id) === group ? group : null;
  };
  // In this order: a group takes its modules before a later group could take them in as imports.
  const order = ['react', 'shared', ...PARTS.map((p) => `${p}-shared`)];
  return [
    // Vite's preload helper beside Rolldown's runtime, which every first script imports already:
    // in a group of modules it would make the client page's first script load that group (and
    // React) before the page is painted.
    {
      name: (id: string) => (PRELOAD_HELPER.test(id) || RUNTIME.test(id) ? 'runtime' : null),
      debugName: 'runtime',
      priority: order.length + 1,
    },
    ...order.map((group, i) => ({ name: member(group), debugName: group, priority: order.length - i })),
  ];
}
