import { existsSync, readFileSync, statSync } from 'node:fs';
import { expect } from './fixtures';
import { ownPanel, panelLogPath } from './panels';

// The demo's leasing OTP is written only to the gateway's log (decision 103); a spec reads it
// there as a person running the demo would, from the worker's panel log (support/panels.ts).

const logPath = () => panelLogPath(ownPanel().baseURL);

/** Where the worker's panel log ends now: codes logged before it are not read. */
export function logMark(): number {
  return existsSync(logPath()) ? statSync(logPath()).size : 0;
}

function codeIn(text: string, phone: string): string | undefined {
  let code: string | undefined;
  for (const line of text.split('\n')) {
    if (!line.includes('"otp"')) continue;
    try {
      const entry = JSON.parse(line) as { phone_number?: string; otp?: string };
      if (entry.phone_number === phone && entry.otp) code = entry.otp;
    } catch {
      // not a log line
    }
  }
  return code;
}

/** The code the gateway logged for this phone after `mark` (it is logged as the request is answered). */
export async function otpFromLog(phone: string, mark: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => (code = existsSync(logPath()) ? codeIn(readFileSync(logPath()).subarray(mark).toString('utf8'), phone) : undefined), {
      message: `the gateway's log has a code for ${phone}`,
    })
    .toMatch(/^\d{6}$/);
  return code!;
}
