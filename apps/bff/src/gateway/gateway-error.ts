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

/** The gateway accepted the call but did not answer within the deadline (GATEWAY_TIMEOUT_MS). */
export class GatewayTimeoutError extends Error {}

/** The gateway answered, but not in the shape the contract says: a fault of the upstream, never the user's. */
export class GatewayShapeError extends Error {}

export type GatewayFailure = GatewayError | GatewayUnavailableError | GatewayTimeoutError | GatewayShapeError;

export function isGatewayFailure(error: unknown): error is GatewayFailure {
  return (
    error instanceof GatewayError ||
    error instanceof GatewayUnavailableError ||
    error instanceof GatewayTimeoutError ||
    error instanceof GatewayShapeError
  );
}
