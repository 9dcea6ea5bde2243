import { configure } from '@testing-library/react';

/**
 * findBy… and waitFor wait for the state a test names, up to this long. Testing Library's 1 s default is a
 * stopwatch on a loaded 2-core machine (two test files and Chromium at once), not a wait for the state.
 */
configure({ asyncUtilTimeout: 10_000 });
