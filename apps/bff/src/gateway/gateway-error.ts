/** A failed upstream call: its status and body exactly as the gateway answered. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly text: string,
    readonly contentType: string,
  ) {
    super(`gateway answered ${status}`);
  }
}

/** The gateway could not be reached at all. */
export class GatewayUnavailableError extends Error {}
