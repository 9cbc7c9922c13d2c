export * from './constants';
export * from './enums';
