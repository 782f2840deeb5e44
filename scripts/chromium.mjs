// How everything here launches Debian's Chromium (no browser download is possible): the e2e
// suite, the screenshot script and the in-browser benchmarks. Its types are in chromium.d.mts.
// Playwright adds --headless itself.

/** Quiet, sandbox-free flags: nothing phones home or updates while a test or benchmark runs. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Playwright launch options for the system Chromium (CHROMIUM_PATH overrides its path). */
export function chromiumLaunchOptions() {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  };
}
