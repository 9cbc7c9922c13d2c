import type { Db } from './db/db';
import type { GatewayPorts } from './deps';
import type { GatewayEnv } from './env';
import { dispatchPort } from './modules/dispatch/dispatch.port';
import { assistantsPort } from './modules/inspection-assistants/inspection-assistants.port';
import { cataloguePort } from './modules/inspection-catalogue/inspection-catalogue.port';
import { offersPort } from './modules/inspection-offers/inspection-offers.port';

/** The app layer wires what modules do for each other (decision 033); modules never import modules. */
export function createPorts(db: Db, env: GatewayEnv): GatewayPorts {
  const dispatch = dispatchPort(db, env);
  return { dispatch, offers: offersPort(db, dispatch), assistants: assistantsPort(), catalogue: cataloguePort() };
}
