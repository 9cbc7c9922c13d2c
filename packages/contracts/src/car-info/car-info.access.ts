import { STAFF, defineAccess } from '../common';

/** Who may do what in اطلاعات خودرو (decision 094): the gateway's guards, the BFF's procedures and the web's buttons read this table. */
export const CAR_INFO_ACCESS = defineAccess({ read: STAFF });
