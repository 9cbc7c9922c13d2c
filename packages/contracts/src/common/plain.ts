// The part of '@panel/contracts/common' that holds no schema (issue 36, decision 139): codes and
// their labels, constants and messages, digits, dates, money, shift ranges and access rules. A
// page's first load imports this instead of the whole of common, so it carries no zod; code that
// validates imports '@panel/contracts/common'.
export * from './codes';
export * from './constants';
export * from './digits';
export * from './jalali';
export * from './money';
export * from './shift-range';
export * from './access';
