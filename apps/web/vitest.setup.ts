import { configure } from '@testing-library/react';

// A screen's first render on a loaded machine (lazy chunks, Chakra's styles, the answered query)
// may take longer than testing-library's one second; `findBy…` and `waitFor` wait up to five.
configure({ asyncUtilTimeout: 5_000 });
