import { seedAhead } from './panels';

// `npm test` runs this beside Vitest (scripts/test.mjs, decision 126): the end-to-end run's demo
// database is seeded while the cores have room, and the specs' setup copies it.
await seedAhead();
