export const TEST_BROWSERS: readonly string[];
export function testBrowserPath(env?: NodeJS.ProcessEnv, candidates?: readonly string[]): string;
export function isExecutable(file: string): boolean;
