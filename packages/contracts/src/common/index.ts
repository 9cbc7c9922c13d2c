export * from './constants';
export * from './digits';
export * from './enums';
export * from './errors';
export * from './jalali';
export * from './money';
export * from './pagination';
export * from './phone';
