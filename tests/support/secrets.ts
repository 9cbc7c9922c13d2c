// The keys of the panels the specs start (support/panels.ts): specs that mint gateway tokens or
// edit what the browser holds need them. Test-only values, never an installation's.

/** The token secret of every spec panel's gateway. */
export const E2E_JWT_SECRET = 'e2e-only-secret-for-the-panel-end-to-end-specs-0123456789';
/** The BFF's session key in every spec panel. */
export const E2E_SESSION_SECRET = 'e2e-only-session-key-for-the-panel-end-to-end-specs-0123456789';
