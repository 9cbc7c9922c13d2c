export * from './tickets.schemas';
