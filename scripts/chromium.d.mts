/** Playwright launch options for the system Chromium (scripts/chromium.mjs). */
export function chromiumLaunchOptions(): { executablePath: string; args: string[] };
