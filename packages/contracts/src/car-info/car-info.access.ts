import { STAFF, defineAccess } from '../common';

/** Who may do what in اطلاعات خودرو (decisions 094, 119): staff read and edit a type's information and publish or hide feedbacks. */
export const CAR_INFO_ACCESS = defineAccess({ read: STAFF, change: STAFF });
