import { jsdomProject } from '../../scripts/vitest-jsdom.mjs';

export default jsdomProject('ui');
