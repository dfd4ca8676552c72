// Types for the TypeScript callers of prepare.mjs (the e2e harness and the benchmarks).
export const root: string;
export const serverMain: string;
export function ensureDependencies(): void;
export function ensureWebBuild(): void;
export function ensureServerBuild(): void;
