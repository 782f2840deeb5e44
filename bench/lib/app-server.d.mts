// Types of app-server.mjs for the TypeScript benchmarks that import it.
export declare function baselineTree(commitish: string): { dir: string; commit: string };
export declare function startAppServer(
  tree: string,
  options: { adminPassword: string; dataDir?: string; env?: Record<string, string> },
): Promise<{ url: string; pid: number | undefined; stop: () => Promise<void> }>;
