// Types of scripts/build-status.mjs, for the test files that read the build's end (tests/helpers/await-build.ts).
export function startBuild(): { log: string; status: string };
export function buildExitCode(statusFile: string): number | null;
export function buildLogTail(logFile: string | undefined, lines?: number): string;
