import { hkdfSync, randomBytes } from 'node:crypto';
import { CompactEncrypt, compactDecrypt } from 'jose';

/**
 * Seals what the BFF keeps in the browser (the session cookies) with a key only the BFF holds:
 * JWE compact, direct key, AES-256-GCM (jose). A browser can neither read the gateway tokens
 * inside nor forge or edit a cookie: anything that does not open is treated as no cookie.
 * Each sealed value names its purpose in the authenticated header, so one cookie's value
 * cannot be replayed as another's (decision 014).
 */
export interface Sealer {
  seal(purpose: string, value: unknown): Promise<string>;
  /** The sealed value, or undefined when the text was not sealed by this key for this purpose. */
  open(purpose: string, text: string): Promise<unknown>;
}

const ENC = 'A256GCM';

export function createSealer(secret: string): Sealer {
  const key = new Uint8Array(hkdfSync('sha256', secret, 'panel-bff', 'session cookies v1', 32));
  return {
    async seal(purpose, value) {
      return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(value)))
        .setProtectedHeader({ alg: 'dir', enc: ENC, cty: purpose })
        .encrypt(key);
    },
    async open(purpose, text) {
      try {
        const { plaintext, protectedHeader } = await compactDecrypt(text, key, {
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: [ENC],
        });
        if (protectedHeader.cty !== purpose) return undefined;
        return JSON.parse(new TextDecoder().decode(plaintext)) as unknown;
      } catch {
        return undefined;
      }
    },
  };
}

/** A key for this process only: sessions end when it restarts (development without SESSION_SECRET). */
export function ephemeralSecret(): string {
  return randomBytes(32).toString('base64url');
}
