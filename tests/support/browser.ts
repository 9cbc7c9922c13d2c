import { existsSync } from 'node:fs';

/**
 * The browser the specs drive: `CHROMIUM_PATH`, else Debian's headless shell (package
 * chromium-headless-shell: the same Blink as Chromium without the desktop browser around it,
 * what Playwright itself runs headless; a spec costs about a quarter less), else Debian's
 * Chromium. Decision 113.
 */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? CHROMIUM_CANDIDATES[1]!;
}
