import { defineWorkflow } from '../common';

/**
 * A schema's standing for one vehicle type (issue 32): active or not. The database holds one
 * active schema per vehicle type; activating one for a type deactivates the one before it, both
 * moves logged (decision 110).
 */
export const SCHEMA_ACTIVATION = defineWorkflow({
  noun: 'اسکیما',
  states: { inactive: 'غیرفعال', active: 'فعال' },
  actions: {
    activate: { label: 'فعال‌سازی', from: ['inactive'], to: 'active', confirm: 'این اسکیما برای این نوع خودرو فعال شود؟ اسکیمای فعال قبلی آن غیرفعال می‌شود.' },
    deactivate: { label: 'غیرفعال‌سازی', from: ['active'], to: 'inactive', confirm: 'این اسکیما برای این نوع خودرو غیرفعال شود؟ کارشناسی‌های تازه این نوع خودرو تا فعال شدن اسکیمای دیگری اسکیما ندارند.' },
  },
});
export type SchemaActivationState = (typeof SCHEMA_ACTIVATION.stateList)[number];
