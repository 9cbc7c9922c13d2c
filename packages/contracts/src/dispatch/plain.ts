// The part of '@panel/contracts/dispatch' that holds no schema (issue 36, decision 139): the
// sheet's words, settings and pure rules and its access. The sheet's first load imports this, so
// it carries no zod; the schemas are in the module's index.
export * from './sheet';
export * from './dispatch-rules';
export * from './dispatch.access';
