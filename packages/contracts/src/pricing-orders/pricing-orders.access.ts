import { ROLES, STAFF, defineAccess } from '../common';

/** Spec §7 price estimator: staff read the orders, price experts take, release and price them (decision 094). */
export const PRICING_ORDERS_ACCESS = defineAccess({ read: STAFF, price: [ROLES.priceExpert] });
