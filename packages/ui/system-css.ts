import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderSystemCss } from './src/system-css';

// Writes src/system.css from the design system (see src/system-css.ts).
const target = fileURLToPath(new URL('./src/system.css', import.meta.url));
writeFileSync(target, renderSystemCss());
process.stdout.write(`wrote ${target}\n`);
