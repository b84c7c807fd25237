import base from '/work/main/vitest.config.ts';
const projects = (base.test!.projects as any[]).map((p) => p.test.name === 'api' ? { ...p, test: { ...p.test, execArgv: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', '--cpu-prof-interval=2000'] } } : p);
export default { ...base, test: { ...base.test, projects } };
