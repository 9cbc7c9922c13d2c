export * from './constants';
export * from './digits';
export * from './enums';
export * from './jalali';
export * from './money';
