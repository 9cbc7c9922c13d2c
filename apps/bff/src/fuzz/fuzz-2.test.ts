import { describeFuzzPart } from './fuzz-kit';

describeFuzzPart(2);
