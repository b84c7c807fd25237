import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PACKAGE = 'lucide-react';

/** Each icon's export names in lucide-react's ES index (`export { default as X, … } from './icons/x.mjs'`), to its own module. */
function iconModules(): Map<string, string> {
  // The ES index sits beside the icons' folder (Node resolves the package itself to its CommonJS build).
  const index = readFileSync(
    fileURLToPath(new URL('../lucide-react.mjs', import.meta.resolve(`${PACKAGE}/icons/x`))),
    'utf8',
  );
  const modules = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]\.\/icons\/([\w-]+)\.mjs['"]/g)) {
    for (const spec of names!.split(',')) {
      const exported = /^\s*default\s+as\s+(\w+)\s*$/.exec(spec)?.[1];
      if (exported) modules.set(exported, `${PACKAGE}/icons/${file}`);
    }
  }
  if (modules.size === 0) throw new Error(`${PACKAGE}: no icons found in its ES index; its layout changed`);
  return modules;
}

/**
 * `import { X, Y as Z } from 'lucide-react'` becomes one import per icon module (the package
 * exports them as `lucide-react/icons/<name>`), in the browser build. Through the package's index
 * every icon looks imported by every module that imports any icon, so the build could not tell
 * which page uses which icon (build/chunk-groups.ts groups them by the pages that do, P8).
 * Runs after the TypeScript transform, so type imports are gone; any other name stays imported
 * from the index.
 */
export function lucideIconImports(): Plugin {
  let icons: Map<string, string> | null = null;
  return {
    name: 'draftwell-lucide-icon-imports',
    // The dev server serves lucide-react's index prebundled as one module: nothing to split there.
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    enforce: 'post',
    transform: {
      filter: { id: /\.[jt]sx?$/, code: PACKAGE },
      handler(code) {
        icons ??= iconModules();
        const table = icons;
        let changed = false;
        const out = code.replace(
          /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g,
          (statement, specifiers: string) => {
            const kept: string[] = [];
            const direct: string[] = [];
            for (const spec of specifiers.split(',').map((s) => s.trim())) {
              if (!spec) continue;
              const [, imported, local] = /^(\w+)(?:\s+as\s+(\w+))?$/.exec(spec) ?? [];
              const module = imported ? table.get(imported) : undefined;
              if (module) direct.push(`import ${local ?? imported} from ${JSON.stringify(module)};`);
              else kept.push(spec);
            }
            if (direct.length === 0) return statement;
            changed = true;
            return [...direct, ...(kept.length ? [`import { ${kept.join(', ')} } from "${PACKAGE}";`] : [])].join('');
          },
        );
        return changed ? { code: out, map: null } : null;
      },
    },
  };
}
