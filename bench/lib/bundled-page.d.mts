// Types of bundled-page.mjs for the TypeScript benchmarks that use it (engine-chromium.ts).
export interface BundledPage {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** `during()`'s value and the page's CPU profile (a .cpuprofile's JSON) while it ran. */
  profile<R>(during: () => Promise<R>): Promise<{ value: R; profile: unknown }>;
  close(): Promise<void>;
}

export interface Bundle {
  outDir: string;
  version: string;
  open(
    url: string,
    options: { readyGlobal: string; cookies?: { name: string; value: string; url: string }[] },
  ): Promise<BundledPage>;
  cpuMs(): number;
}

export function withBundle<T>(
  options: { entryDir: string },
  use: (bundle: Bundle) => Promise<T>,
): Promise<T>;
