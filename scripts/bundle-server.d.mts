export function bundleServer(options: { outdir: string; entries?: string[]; quiet?: boolean }): Promise<void>;
