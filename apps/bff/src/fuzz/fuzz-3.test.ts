import { describeFuzzPart } from './fuzz-kit';

describeFuzzPart(3);
