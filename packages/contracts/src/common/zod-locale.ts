import { z } from 'zod';

// Every message zod writes itself (a wrong type, a missing key, a bound) is Persian in every
// process that reads a contract (web, BFF, gateway, tests), through zod's own Persian locale
// rather than a hand-kept map. Contract schemas still write their own messages where a person
// needs more than the default says.
z.config(z.locales.fa());
